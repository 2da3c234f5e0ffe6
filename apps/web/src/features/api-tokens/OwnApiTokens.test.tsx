import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@nubes/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, writesOf } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';

const used: ApiToken = {
  id: 'token-1',
  name: 'nightly sync',
  prefix: 'nubes_pat_AbCdEf',
  scopes: ['services:read', 'vos:read'],
  createdAt: '2027-05-01T07:00:00.000Z',
  expiresAt: '2027-08-01T07:00:00.000Z',
  lastUsedAt: '2027-06-01T07:00:00.000Z',
  revokedAt: null,
};
const SECRET = 'nubes_pat_XyZ0123456789abcdefghijklmnopqrstuvwxyzAB';

afterEach(() => vi.unstubAllGlobals());

describe('the profile’s API tokens', () => {
  it('lists prefix, scopes, expiry and last use; a new token is shown once with copy and warning; revoking asks first', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    const calls = fakeApi({
      'GET /api/me/api-tokens': () => ({ items: [used] }),
      'POST /api/me/api-tokens': () =>
        reply(201, {
          ...used,
          id: 'token-2',
          name: 'helpdesk',
          prefix: 'nubes_pat_XyZ012',
          lastUsedAt: null,
          token: SECRET,
        }),
      'DELETE /api/me/api-tokens/token-1': () => ({ ...used, revokedAt: '2027-06-02T07:00:00.000Z' }),
    });
    renderApp({ path: '/profile/api-tokens', user: PEOPLE.alice });
    const table = await screen.findByRole('table', { name: /^My API Tokens/ });
    const row = within(table).getByRole('row', { name: /nightly sync/ });
    expect(row).toHaveTextContent('nubes_pat_AbCdEf…');
    expect(row).toHaveTextContent('services:read');
    expect(row).toHaveTextContent('vos:read');
    expect(row).toHaveTextContent('1.8.2027, 09:00');
    expect(row).toHaveTextContent('1.6.2027, 09:00');
    expect(row).toHaveTextContent('Active');

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const form = await screen.findByRole('dialog', { name: 'Create an API token' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'helpdesk' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /services:write/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    const notice = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(writesOf(calls).at(-1)).toMatchObject({
      method: 'POST',
      body: { name: 'helpdesk', expiresInDays: 90, scopes: ['services:read', 'services:write'] },
    });
    expect(within(notice).getByText(SECRET)).toBeInTheDocument();
    expect(within(notice).getByText(/shown only this once/)).toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: 'Copy' }));
    // "Copied" shows once the clipboard's promise has settled, and for a second only.
    expect(await within(notice).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // The dialog's close button is named "Done" too.
    fireEvent.click(within(notice).getAllByRole('button', { name: 'Done' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke the token nightly sync' }));
    const ask = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(ask).toHaveTextContent('Scripts that use it get 401');
    expect(writesOf(calls).filter((call) => call.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', path: '/api/me/api-tokens/token-1' }),
    );
  });
});
