import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../test/fakeApi';
import { fakeAuthApi, PEOPLE, renderApp, statusFor } from '../test/renderApp';

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const voMenu = () => within(mainNav()).queryByRole('button', { name: 'VO Registration' });

/** An auth API whose login status answers whoever `current()` names at the time of the call. */
const serverSays = (current: () => User, now: number) =>
  fakeAuthApi({ fetchStatus: vi.fn(() => Promise.resolve(statusFor(current(), now))) });

describe('the login status read again from the server', () => {
  it('brings a role given meanwhile into the menus after the next route change, and takes it away again', async () => {
    fakeApi({});
    const now = Date.now();
    let nora: User = PEOPLE.nora!;
    const api = serverSays(() => nora, now);
    renderApp({ path: '/sc/public-service-portfolio', user: PEOPLE.nora, now, api });
    await within(mainNav()).findByRole('button', { name: 'Nora Norole' });
    await waitFor(() => expect(api.fetchStatus).toHaveBeenCalledTimes(1));
    expect(voMenu()).toBeNull();

    // The portal manager gives nora the VO manager's role; she goes on to another page.
    nora = { ...nora, roles: ['voManager'] };
    fireEvent.click(screen.getByRole('link', { name: 'Nubes logo' }));
    await waitFor(() => expect(voMenu()).not.toBeNull());
    expect(JSON.parse(window.localStorage.getItem('user')!).roles).toEqual(['voManager']);

    // The role is taken again while she opens My VOs from that menu: the screen and the menu go.
    nora = { ...nora, roles: [] };
    fireEvent.click(voMenu()!);
    const menu = await screen.findByRole('menu', { hidden: true });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'My VOs', hidden: true }));
    await waitFor(() => expect(voMenu()).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
  });

  it('reads the login status again after a 403, without a route change', async () => {
    const now = Date.now();
    // The first read knows alice as a provider; her role goes before her next call, which is refused.
    const fetchStatus = vi.fn(() => Promise.resolve(statusFor(PEOPLE.alice!, now)));
    fetchStatus.mockResolvedValueOnce(statusFor(PEOPLE.alice!, now));
    fetchStatus.mockResolvedValue(statusFor({ ...PEOPLE.alice!, roles: [] }, now));
    fakeApi({ 'GET /api/dashboard': () => apiError(403, 'forbidden', 'Not allowed.') });
    renderApp({ path: '/', user: PEOPLE.alice, now, api: fakeAuthApi({ fetchStatus }) });
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user')!).roles).toEqual([]));
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });
});
