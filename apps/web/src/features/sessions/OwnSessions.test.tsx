import type { OwnSession } from '@nubes/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { fakeApi, writesOf } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';
import { browserName } from './browserName';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const session = (overrides: Partial<OwnSession>): OwnSession => ({
  id: 'c0a80101-0000-4000-8000-000000000001',
  createdAt: '2026-12-06T08:00:00.000Z',
  renewedAt: '2026-12-06T08:00:00.000Z',
  expiresAt: '2026-12-06T12:00:00.000Z',
  userAgent: FIREFOX,
  ip: '192.0.2.1',
  current: true,
  ...overrides,
});
const THIS = session({});
const PHONE = session({
  id: 'c0a80101-0000-4000-8000-000000000002',
  createdAt: '2026-12-05T18:30:00.000Z',
  renewedAt: '2026-12-06T07:00:00.000Z',
  userAgent: CHROME_ANDROID,
  ip: '198.51.100.7',
  current: false,
});

describe('My Sessions (/profile/sessions)', () => {
  it('lists the own sessions with the current one marked, and ends another after a question', async () => {
    let items = [THIS, PHONE];
    const calls = fakeApi({
      'GET /api/sessions': () => ({ items }),
      [`DELETE /api/sessions/${PHONE.id}`]: () => {
        items = [THIS];
        return { ended: 1 };
      },
    });
    renderApp({ path: '/profile/sessions', user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sessions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^My Sessions/ });
    expect(within(table).getByText('Firefox · Linux')).toBeInTheDocument();
    expect(within(table).getByText('Chrome · Android')).toBeInTheDocument();
    expect(within(table).getByText('This session')).toBeInTheDocument();
    expect(within(table).getByText('198.51.100.7')).toBeInTheDocument();

    const endButtons = within(table).getAllByRole('button', { name: /^End session: logged in on/ });
    expect(endButtons).toHaveLength(2);
    fireEvent.click(endButtons.find((button) => button.closest('tr')?.textContent?.includes('Android'))!);
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText(/is logged out at once/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(within(table).queryByText('Chrome · Android')).toBeNull());
    expect(writesOf(calls).map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /api/sessions/${PHONE.id}`]);
    expect(window.localStorage.getItem('user')).not.toBeNull();
  });

  it('logs out here when the current session is ended', async () => {
    const calls = fakeApi({
      'GET /api/sessions': () => ({ items: [THIS] }),
      [`DELETE /api/sessions/${THIS.id}`]: () => ({ ended: 1 }),
      'POST /api/logout': () => null,
    });
    renderApp({ path: '/profile/sessions', user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: /^End session: logged in on/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(
      within(dialog).getByText('This is the session you are using now: you are logged out here.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(writesOf(calls)[0]).toMatchObject({ method: 'DELETE', path: `/api/sessions/${THIS.id}` });
  });

  it('speaks German', async () => {
    fakeApi({ 'GET /api/sessions': () => ({ items: [THIS] }) });
    renderApp({ path: '/profile/sessions', user: PEOPLE.alice });
    await screen.findByText('This session');
    await act(() => changeLanguage('de'));
    try {
      expect(await screen.findByRole('heading', { level: 1, name: 'Meine Sitzungen' })).toBeInTheDocument();
      expect(await screen.findByText('Diese Sitzung')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Sitzung beenden: angemeldet am / })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('needs a login', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/profile/sessions' });
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fprofile%2Fsessions'));
    expect(calls.filter((call) => call.path === '/api/sessions')).toEqual([]);
  });
});

describe('browserName', () => {
  it.each([
    [FIREFOX, 'Firefox · Linux'],
    [CHROME_ANDROID, 'Chrome · Android'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    ['curl/8.5.0', null],
  ])('names %s as %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });
});
