import type { UserAccount, UserAccountList, UserAccountRow } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf, type FakeCall } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';
import { userAccountsView } from './userAccountsView';
import { expectExportLinks } from '../../test/exportLinks';

const NORTH = 'c0a80101-0000-4000-8000-0000000000a1';
const ALICE_ID = 'c0a80101-0000-4000-8000-0000000000b1';

const alice: UserAccountRow = {
  id: ALICE_ID,
  username: 'alice',
  fullname: 'Alice Adler',
  email: 'alice@hpc-north.example',
  institution: { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North' },
  roles: ['serviceProvider'],
  entitlementRoles: ['voManager'],
  lastLoginAt: '2026-11-22T08:15:00.000Z',
  goneAt: null,
};

const list = (items: UserAccountRow[]): UserAccountList => ({ items, total: items.length, page: 1, pageSize: 50 });

const details = (overrides: Partial<UserAccount> = {}): UserAccount => ({
  ...alice,
  internalId: 'alice@idp.example',
  organisation: 'hpc-north.example',
  groups: [{ id: 'urn:group:hpc', name: 'HPC users' }],
  events: [
    {
      id: 'e1',
      at: '2026-11-23T09:00:00.000Z',
      actor: 'Portal Admin',
      action: 'user.roles.updated',
      objectType: 'user',
      objectId: ALICE_ID,
      objectName: 'Alice Adler',
      objectLink: null,
      as: 'object',
      changes: [{ field: 'roles', before: [], after: ['serviceProvider'] }],
    },
  ],
  canManageRoles: false,
  canMarkGone: false,
  gone: null,
  version: 3,
  contact: null,
  ...overrides,
});

const institutions = {
  items: [
    { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North', url: '', isCentre: true, isServiceProvider: true },
  ],
};
const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/user-accounts');

describe('User Accounts', () => {
  it('reads search and filters from the URL and writes changed ones back, starting on page 1', async () => {
    const calls = fakeApi({
      'GET /api/user-accounts': () => list([alice]),
      'GET /api/institutions': () => institutions,
    });
    renderApp({ path: `/cd/user-accounts?q=adler&role=serviceProvider&page=2`, user: PEOPLE.carla });

    const link = await screen.findByRole('link', { name: 'Alice Adler' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`user=${ALICE_ID}`));
    expect(Object.fromEntries(new URLSearchParams(listCalls(calls)[0]!.search))).toEqual({
      q: 'adler',
      role: 'serviceProvider',
      sort: 'fullname',
      order: 'asc',
      page: '2',
      pageSize: '50',
    });
    const row = link.closest('tr')!;
    expect(within(row).getByText('HPCN')).toHaveAttribute('title', 'HPC Centre North');
    expect(within(row).getByText('Service provider')).toBeInTheDocument();
    expect(within(row).getByText('VO manager')).toBeInTheDocument();
    expect(within(row).getByText('22.11.2026, 09:15')).toBeInTheDocument();
    // The view as files from the server: the same filters and order, every page.
    expectExportLinks('/api/user-accounts', '?q=adler&role=serviceProvider&sort=fullname&order=asc');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Institution' }), { target: { value: NORTH } });
    await waitFor(() =>
      expect(currentLocation()).toBe(`/cd/user-accounts?q=adler&role=serviceProvider&institution=${NORTH}`),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain(`institution=${NORTH}`));
    fireEvent.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/cd/user-accounts'));
  });

  it('shows the details with portal and IdP roles apart, groups and events, and no form for others', async () => {
    fakeApi({ [`GET /api/user-accounts/${ALICE_ID}`]: () => details() });
    renderApp({ path: `/cd/user-accounts?user=${ALICE_ID}`, user: PEOPLE.carla });
    expect(await screen.findByRole('heading', { level: 1, name: 'User account Alice Adler' })).toBeInTheDocument();
    expect(screen.getByText('alice@idp.example')).toBeInTheDocument();
    expect(screen.getByText('HPC Centre North (HPCN)')).toBeInTheDocument();
    const portal = screen.getByRole('region', { name: 'Roles given in the portal' });
    expect(within(portal).getByText('Service provider')).toBeInTheDocument();
    const idp = screen.getByRole('region', { name: 'Roles mapped from the identity provider' });
    expect(within(idp).getByText('VO manager')).toBeInTheDocument();
    expect(screen.getByText('HPC users')).toBeInTheDocument();
    expect(screen.getByText('ID: urn:group:hpc')).toBeInTheDocument();
    expect(screen.getByText('Portal roles changed')).toBeInTheDocument();
    expect(screen.getByText('(empty) → Service provider')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save roles' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/cd/user-accounts');
  });

  it('lets the portal manager change the portal roles, naming the roles read, and keeps the ticks after a conflict', async () => {
    let conflict = true;
    const calls = fakeApi({
      [`GET /api/user-accounts/${ALICE_ID}`]: () =>
        details({
          canManageRoles: true,
          roles: conflict ? ['serviceProvider'] : ['serviceProvider', 'contactManager'],
        }),
      [`PUT /api/user-accounts/${ALICE_ID}/roles`]: (call) => {
        if (conflict) {
          conflict = false;
          return apiError(409, 'conflict', 'Someone else changed it');
        }
        return details({ canManageRoles: true, roles: (call.body as { roles: UserAccount['roles'] }).roles });
      },
    });
    renderApp({ path: `/cd/user-accounts?user=${ALICE_ID}`, user: PEOPLE.admin });
    const box = await screen.findByRole('checkbox', { name: 'Service portfolio manager' });
    // An IdP role is named beside its box, but the box is about the portal role only.
    expect(screen.getByRole('checkbox', { name: 'VO manager' })).toHaveAccessibleDescription(
      'from the identity provider',
    );
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      roles: ['serviceProvider', 'servicePortfolioManager'],
      expected: ['serviceProvider'],
    });
    // After the conflict the box ticked here stays ticked, and the role the other change gave is
    // taken, each role being a field of its own; the notice names it.
    const notice = await screen.findByTestId('save-conflict');
    expect(notice).toHaveTextContent('Taken from their save, as you had not changed them: Contact manager.');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Contact manager' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Service portfolio manager' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(writesOf(calls)[1]!.body).toEqual({
      roles: ['serviceProvider', 'servicePortfolioManager', 'contactManager'],
      expected: ['serviceProvider', 'contactManager'],
    });
    await waitFor(() => expect(screen.queryByTestId('save-conflict')).toBeNull());
  });

  it('lets the portal manager end all sessions of the user, after a question naming the effect', async () => {
    const calls = fakeApi({
      [`GET /api/user-accounts/${ALICE_ID}`]: () => details({ canManageRoles: true }),
      [`DELETE /api/user-accounts/${ALICE_ID}/sessions`]: () => ({ ended: 2 }),
    });
    renderApp({ path: `/cd/user-accounts?user=${ALICE_ID}`, user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions of Alice Adler?' });
    expect(
      within(dialog).getByText(
        'Alice Adler is logged out everywhere at once and must log in again. Sessions started afterwards are not affected.',
      ),
    ).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('2 sessions of Alice Adler were ended.')).toBeInTheDocument();
    expect(writesOf(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /api/user-accounts/${ALICE_ID}/sessions`,
    ]);
    // The account is read again: its audit events now hold the end.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/api/user-accounts/${ALICE_ID}`).length).toBeGreaterThan(1),
    );
  });

  it('lets the portal manager mark the person gone with a reason, at the version read, then shows who and why', async () => {
    let gone = false;
    const calls = fakeApi({
      [`GET /api/user-accounts/${ALICE_ID}`]: () =>
        details({
          canManageRoles: true,
          canMarkGone: true,
          ...(gone
            ? {
                goneAt: '2026-12-01T09:00:00.000Z',
                gone: {
                  at: '2026-12-01T09:00:00.000Z',
                  source: 'manager',
                  byName: 'Portal Admin',
                  reason: 'Left HPCN',
                },
                version: 4,
              }
            : {}),
        }),
      [`POST /api/user-accounts/${ALICE_ID}/gone`]: () => {
        gone = true;
        return details({ canMarkGone: true });
      },
    });
    renderApp({ path: `/cd/user-accounts?user=${ALICE_ID}`, user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as gone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Alice Adler as gone' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as gone' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Left HPCN' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as gone' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({ reason: 'Left HPCN', version: 3 });
    expect(await screen.findByText('Marked by Portal Admin')).toBeInTheDocument();
    expect(screen.getByText('Reason: Left HPCN')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bring back' })).toBeInTheDocument();
  });

  it('shows the contact manager no button to end sessions', async () => {
    fakeApi({ [`GET /api/user-accounts/${ALICE_ID}`]: () => details() });
    renderApp({ path: `/cd/user-accounts?user=${ALICE_ID}`, user: PEOPLE.carla });
    await screen.findByRole('heading', { level: 1, name: 'User account Alice Adler' });
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });

  it('is not for people without the role', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/cd/user-accounts', user: PEOPLE.alice });
    expect(await screen.findByText(/no access|permission/i)).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([]);
  });
});

describe('the user account list’s view in the URL', () => {
  it('keeps only what differs from the defaults and drops what the server would refuse', () => {
    const view = userAccountsView.parse(
      new URLSearchParams('role=emperor&institution=x&sort=fullname&pageSize=7&user=1'),
    );
    expect(userAccountsView.serialize(view).toString()).toBe('');
    const sorted = userAccountsView.parse(new URLSearchParams('sort=lastLoginAt&order=desc&page=3&role=voManager'));
    expect(userAccountsView.serialize(sorted).toString()).toBe('role=voManager&sort=lastLoginAt&order=desc&page=3');
  });
});
