import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { currentLocation, fakeAuthApi, PEOPLE, renderApp, statusFor } from '../test/renderApp';

const adminForm = async () => {
  const heading = await screen.findByRole('heading', { name: 'Direct login for administrators' });
  return heading.closest('section')!;
};

const submit = (form: HTMLElement, login: string, password: string) => {
  fireEvent.change(within(form).getByLabelText(/Username/), { target: { value: login } });
  fireEvent.change(within(form).getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
};

describe('login page', () => {
  it('offers both options: federated AAI and the admin form', async () => {
    renderApp({ path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with AAI' })).toBeInTheDocument();
    const form = await adminForm();
    expect(within(form).getByLabelText(/Username/)).toHaveAttribute('autocomplete', 'username');
    expect(within(form).getByLabelText(/Password/)).toHaveAttribute('type', 'password');
  });

  it('makes AAI the one big action, the admin form a small one under it, with one verb for logging in', async () => {
    renderApp({ path: '/login' });
    const aai = await screen.findByRole('button', { name: 'Log in with AAI' });
    expect(aai).toHaveAttribute('data-size', 'lg');
    const form = await adminForm();
    const submit = within(form).getByRole('button', { name: 'Log in' });
    expect(submit).toHaveAttribute('data-variant', 'default');
    // The AAI card comes first in the page, the admin form after it.
    expect(aai.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // "Log in" everywhere: no "Login" as heading, link or button.
    expect(document.body.textContent).not.toMatch(/\bLogin\b/);
  });

  it('shows the required-field messages and sends nothing when the form is empty', async () => {
    const api = fakeAuthApi();
    renderApp({ path: '/login', api });
    const form = await adminForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findAllByText('This field cannot be empty')).toHaveLength(2);
    expect(within(form).getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.postLogin).not.toHaveBeenCalled();
  });

  it('logs the admin in and goes on to the redirect target', async () => {
    const api = fakeAuthApi({
      postLogin: vi.fn(() => Promise.resolve()),
      fetchStatus: vi.fn(() => Promise.resolve(statusFor(PEOPLE.admin!, Date.now()))),
    });
    renderApp({ path: `/login?redirect=${encodeURIComponent('/sc/my-services?tab=all')}`, api });
    submit(await adminForm(), 'admin', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Services' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/sc/my-services?tab=all');
    expect(api.postLogin).toHaveBeenCalledWith({ login: 'admin', password: 'admin' });
    const stored = JSON.parse(window.localStorage.getItem('user')!) as Record<string, unknown>;
    expect(stored).toMatchObject({ username: 'admin' });
    expect(stored.token).toBeUndefined();
    expect(screen.getByText('Welcome, Portal Admin')).toBeInTheDocument();
  });

  it('never follows a redirect target outside the portal', async () => {
    const api = fakeAuthApi({
      postLogin: vi.fn(() => Promise.resolve()),
      fetchStatus: vi.fn(() => Promise.resolve(statusFor(PEOPLE.admin!, Date.now()))),
    });
    renderApp({ path: `/login?redirect=${encodeURIComponent('//evil.example/x')}`, api });
    submit(await adminForm(), 'admin', 'admin');
    await screen.findByRole('heading', { level: 1, name: 'Your work' });
    expect(currentLocation()).toBe('/');
  });

  it('says "Login Failed" on a 401', async () => {
    const api = fakeAuthApi({
      postLogin: vi.fn(() => Promise.reject(new ApiError(401, 'unauthorized', 'Login failed.'))),
    });
    renderApp({ path: '/login', api });
    submit(await adminForm(), 'alice', 'alice');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Please check your username and password.')).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it("shows the server's message when logins are throttled (429)", async () => {
    const api = fakeAuthApi({
      postLogin: vi.fn(() => Promise.reject(new ApiError(429, 'too_many_requests', 'Too many attempts. Wait.'))),
    });
    renderApp({ path: '/login', api });
    submit(await adminForm(), 'admin', 'x');
    expect(await screen.findByText('Too many attempts. Wait.')).toBeInTheDocument();
  });

  it('says "Something went wrong" on other errors', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeAuthApi({ postLogin: vi.fn(() => Promise.reject(new ApiError(500, 'internal_error', 'boom'))) });
    renderApp({ path: '/login', api });
    submit(await adminForm(), 'admin', 'x');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
    error.mockRestore();
  });

  it('starts single sign-on: stores oAuthSession and the target, then leaves for the IdP', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ session: 'sso-123', next_url: 'http://idp.example/auth?x=1' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    const originalLocation = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...originalLocation, assign, origin: 'http://localhost:3000' },
    });
    try {
      renderApp({ path: `/login?redirect=${encodeURIComponent('/vo/my-vos')}` });
      fireEvent.click(await screen.findByRole('button', { name: 'Log in with AAI' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.example/auth?x=1'));
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/login-oauth?provider=oidc&publicUrl=${encodeURIComponent('http://localhost:3000')}`,
        expect.anything(),
      );
      expect(window.localStorage.getItem('oAuthSession')).toBe('sso-123');
      expect(window.sessionStorage.getItem('nubes.loginRedirect')).toBe('/vo/my-vos');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
    }
  });

  it('tells a logged-in user who they are', async () => {
    renderApp({ path: '/login', user: PEOPLE.alice });
    expect(await screen.findByText('You are logged in as Alice Example.')).toBeInTheDocument();
  });
});
