import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, fakeAuthApi, PEOPLE, renderApp, statusFor } from '../test/renderApp';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('return from single sign-on (/login-oauth/oidc)', () => {
  it('exchanges code and state once, creates the session and goes to the remembered target', async () => {
    const token = 'a.token.for-api-clients';
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url) =>
      url === '/api/login-oauth'
        ? jsonResponse(200, { token })
        : jsonResponse(404, { error: 'not_found', message: 'x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('oAuthSession', 'sso-1');
    window.sessionStorage.setItem('nubes.loginRedirect', '/sc/my-services?x=1');
    const api = fakeAuthApi({ fetchStatus: vi.fn(() => Promise.resolve(statusFor(PEOPLE.alice!, Date.now()))) });

    renderApp({ path: '/login-oauth/oidc?code=c-1&state=s-1', api });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Services' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/sc/my-services?x=1');
    const exchanges = fetchMock.mock.calls.filter(([url]) => url === '/api/login-oauth');
    expect(exchanges).toHaveLength(1);
    expect(JSON.parse(exchanges[0]![1]!.body as string)).toEqual({
      provider: 'oidc',
      qs: { code: 'c-1', state: 's-1' },
      session: 'sso-1',
      publicUrl: window.location.origin,
    });
    // The login reads the status, and the re-read after every route change (LoginStatusSync) again.
    expect(api.fetchStatus).toHaveBeenCalled();
    expect(window.localStorage.getItem('oAuthSession')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({
      username: 'alice',
      roles: ['serviceProvider'],
    });
  });

  it.each([
    ['an error from the IdP', '/login-oauth/oidc?error=access_denied', 'sso-2'],
    ['a missing oAuthSession', '/login-oauth/oidc?code=c&state=s', null],
  ])('fails with "Login Failed" on %s', async (_case, path, stored) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    if (stored) window.localStorage.setItem('oAuthSession', stored);
    renderApp({ path });
    expect(await screen.findByText('AAI login failed, please try again.')).toBeInTheDocument();
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('oAuthSession')).toBeNull();
    error.mockRestore();
  });

  it('fails with "Login Failed" when the server refuses the exchange (bad state)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { error: 'invalid_input', message: 'bad state' })),
    );
    window.localStorage.setItem('oAuthSession', 'sso-3');
    renderApp({ path: '/login-oauth/oidc?code=c-3&state=wrong' });
    expect(await screen.findByText('AAI login failed, please try again.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
    error.mockRestore();
  });

  it('says why when the server refuses the person (403: marked gone), in its own words', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const words = 'This account is marked as gone: the person has left their institution.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { error: 'forbidden', message: words })),
    );
    window.localStorage.setItem('oAuthSession', 'sso-4');
    renderApp({ path: '/login-oauth/oidc?code=c-4&state=s-4' });
    expect(await screen.findByText(words)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    error.mockRestore();
  });
});
