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

  it('after a 409 keeps what was typed, shows their role beside it to choose, and saves on top of that version', async () => {
    let held = pair;
    const calls = fakeApi({
      'GET /api/entitlement-roles': () => ({ items: [held] }),
      [`PATCH /api/entitlement-roles/${pair.id}`]: (call) => {
        const body = call.body as EntitlementRole;
        if (body.version !== held.version) return apiError(409, 'conflict', 'The object was changed in the meantime.');
        held = { ...held, ...body, version: held.version + 1 };
        return held;
      },
    });
    renderApp({ path: '/manage/adminPanel?tab=entitlements', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Entitlement → role/ });
    fireEvent.click(within(table).getByRole('button', { name: `Edit ${pair.entitlement}` }));
    const dialog = () => screen.getByRole('dialog', { name: 'Edit the entitlement' });
    await screen.findByRole('dialog', { name: 'Edit the entitlement' });
    // Someone else gives the entitlement another role while the form is open.
    held = { ...held, role: 'cloudServiceDesk', version: 3 };
    const entitlement = () => within(dialog()).getByRole('textbox', { name: /^Entitlement/ });
    const role = () => within(dialog()).getByRole('combobox', { name: /^Role/ });
    fireEvent.change(entitlement(), { target: { value: 'urn:x:admins' } });
    fireEvent.change(role(), { target: { value: 'voSupervisor' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const notice = await within(dialog()).findByTestId('save-conflict');
    // What was typed stays; their role stands beside it with a choice.
    expect(entitlement()).toHaveValue('urn:x:admins');
    expect(role()).toHaveValue('voSupervisor');
    expect(notice).toHaveTextContent('Cloud service desk');
    const choice = within(notice).getByRole('group', { name: /^Value to keep: Role/ });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    // The save waits for the choice.
    await waitFor(() => expect(screen.getAllByText('Choose for 1 more field before saving.')).toHaveLength(2));
    expect(writesOf(calls)).toHaveLength(1);
    fireEvent.click(within(choice).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(role()).toHaveValue('cloudServiceDesk'));

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((call) => (call.body as EntitlementRole).version)).toEqual([2, 3]);
    expect(held).toMatchObject({ entitlement: 'urn:x:admins', role: 'cloudServiceDesk', version: 4 });
  });
});
