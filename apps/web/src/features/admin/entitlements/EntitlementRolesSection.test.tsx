import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EntitlementRole } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, reply, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

const pair: EntitlementRole = {
  id: '33333333-3333-4333-8333-333333333333',
  entitlement: 'urn:geant:example.org:group:vo-admins',
  role: 'voManager',
  version: 2,
};

describe('admin panel: entitlement roles', () => {
  it('adds a pair, says when the entitlement is mapped already, and removes one after asking', async () => {
    let taken = true;
    const calls = fakeApi({
      'GET /api/entitlement-roles': () => ({ items: [pair] }),
      'POST /api/entitlement-roles': () =>
        taken
          ? apiError(400, 'invalid_input', 'Some fields are not valid.', {
              entitlement: 'This entitlement is already mapped to a role',
            })
          : reply(201, { ...pair, id: crypto.randomUUID(), entitlement: 'urn:x:desk', role: 'cloudServiceDesk' }),
      [`DELETE /api/entitlement-roles/${pair.id}`]: () => reply(204),
    });
    renderApp({ path: '/manage/adminPanel?tab=entitlements', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Entitlement → role/ });
    expect(within(table).getByText('VO manager')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add entitlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an entitlement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field cannot be empty')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please choose one of the options')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Entitlement/ }), {
      target: { value: pair.entitlement },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Role/ }), {
      target: { value: 'cloudServiceDesk' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This entitlement is already mapped to a role')).toBeInTheDocument();
    taken = false;
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Entitlement/ }), {
      target: { value: 'urn:x:desk' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).at(-1)!.body).toEqual({ entitlement: 'urn:x:desk', role: 'cloudServiceDesk' });

    fireEvent.click(within(table).getByRole('button', { name: `Remove ${pair.entitlement}` }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this entitlement?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', search: '?version=2' }));
  });
});
