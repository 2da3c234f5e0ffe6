import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OwnedApiToken } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';

const alice = { id: 'user-alice', username: 'alice', fullname: 'Alice Example' };
const carla = { id: 'user-carla', username: 'carla', fullname: 'Carla Contact' };
const token = (overrides: Partial<OwnedApiToken>): OwnedApiToken => ({
  id: 'token-1',
  name: 'nightly sync',
  prefix: 'nubes_pat_AbCdEf',
  scopes: ['services:read', 'services:write'],
  createdAt: '2027-05-01T07:00:00.000Z',
  expiresAt: '2099-08-01T07:00:00.000Z',
  lastUsedAt: '2027-06-01T07:00:00.000Z',
  revokedAt: null,
  owner: alice,
  ...overrides,
});
const live = token({});
const expired = token({
  id: 'token-2',
  name: 'old export',
  prefix: 'nubes_pat_Gh1jKl',
  expiresAt: '2020-01-01T07:00:00.000Z',
  lastUsedAt: null,
});
const revoked = token({
  id: 'token-3',
  name: 'contacts script',
  prefix: 'nubes_pat_Mn0pQr',
  scopes: ['contacts:read'],
  revokedAt: '2027-06-02T07:00:00.000Z',
  owner: carla,
});

describe('admin panel: every API token', () => {
  it('lists each token with its owner, prefix, scopes, expiry, last use and state; filters by state and owner', async () => {
    fakeApi({ 'GET /api/api-tokens': () => ({ items: [live, expired, revoked] }) });
    renderApp({ path: '/manage/adminPanel?tab=apiTokens', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Every API token/ });
    const row = within(table).getByRole('row', { name: /nightly sync/ });
    for (const text of [
      'Alice Example',
      'alice',
      'nubes_pat_AbCdEf…',
      'services:write',
      '1.8.2099, 09:00',
      '1.6.2027, 09:00',
      'Active',
    ])
      expect(row).toHaveTextContent(text);
    expect(within(table).getByRole('row', { name: /old export/ })).toHaveTextContent(/Expired.*Never/);
    const gone = within(table).getByRole('row', { name: /contacts script/ });
    expect(gone).toHaveTextContent('Revoked');
    expect(within(gone).queryByRole('button', { name: /^Revoke/ })).toBeNull();

    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Status' }), { target: { value: 'expired' } });
    await waitFor(() => expect(within(table).queryByRole('row', { name: /nightly sync/ })).toBeNull());
    expect(within(table).getByRole('row', { name: /old export/ })).toBeInTheDocument();
    expect(currentLocation()).toContain('state=expired');

    fireEvent.change(within(filters).getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Owner' }), { target: { value: carla.id } });
    await waitFor(() => expect(within(table).queryByRole('row', { name: /old export/ })).toBeNull());
    expect(within(table).getByRole('row', { name: /contacts script/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /nightly sync/ })).toBeNull();
  });

  it('revokes anyone’s token after asking, and tells the server’s refusal', async () => {
    let refuse = false;
    const calls = fakeApi({
      'GET /api/api-tokens': () => ({ items: [live] }),
      'DELETE /api/api-tokens/token-1': () =>
        refuse
          ? apiError(403, 'forbidden', 'You may not do this.')
          : { ...live, revokedAt: '2027-06-02T07:00:00.000Z' },
    });
    renderApp({ path: '/manage/adminPanel?tab=apiTokens', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Every API token/ });
    const revoke = within(table).getByRole('button', { name: 'Revoke the token nightly sync of alice' });
    fireEvent.click(revoke);
    const ask = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(ask).toHaveTextContent('The token nightly sync of Alice Example (alice) stops working at once.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.click(revoke);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() =>
      expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', path: '/api/api-tokens/token-1' }),
    );
    expect(await screen.findByText('The token was revoked.')).toBeInTheDocument();

    refuse = true;
    fireEvent.click(revoke);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('You may not do this.')).toBeInTheDocument();
  });
});
