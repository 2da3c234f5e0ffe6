import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoNamePrefix } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, reply, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

const reserved: VoNamePrefix = {
  id: '44444444-4444-4444-8444-444444444444',
  prefix: 'nubes',
  note: 'The portal’s own name',
  version: 3,
};
const centre = {
  institutionId: '55555555-5555-4555-8555-555555555555',
  abbreviation: 'HPCN',
  name: 'HPC Centre North',
};

describe('admin panel: reserved VO name prefixes', () => {
  it('shows the centres read-only, reserves a prefix with the server’s word on it, and removes one after asking', async () => {
    let taken = true;
    const calls = fakeApi({
      'GET /api/vo-name-prefixes': () => ({ items: [reserved], centres: [centre] }),
      'POST /api/vo-name-prefixes': () =>
        taken
          ? apiError(400, 'invalid_input', 'Some fields are not valid.', { prefix: 'This prefix is reserved already' })
          : reply(201, { id: crypto.randomUUID(), prefix: 'ops', note: '', version: 1 }),
      [`DELETE /api/vo-name-prefixes/${reserved.id}`]: () => reply(204),
    });
    renderApp({ path: '/manage/adminPanel?tab=voPrefixes', user: PEOPLE.admin });
    const own = await screen.findByRole('table', { name: /^Reserved prefixes/ });
    expect(within(own).getByText('The portal’s own name')).toBeInTheDocument();
    const centres = screen.getByRole('table', { name: /^Reserved as centres’ abbreviations/ });
    expect(within(centres).getByText('HPCN')).toBeInTheDocument();
    expect(within(centres).queryByRole('button', { name: /^Remove/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reserve a prefix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve a prefix' });
    const prefix = within(dialog).getByRole('textbox', { name: /^Prefix/ });
    fireEvent.change(prefix, { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use only letters, digits, - and _')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);
    fireEvent.change(prefix, { target: { value: 'NUBES' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This prefix is reserved already')).toBeInTheDocument();
    taken = false;
    fireEvent.change(prefix, { target: { value: 'ops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).at(-1)!.body).toEqual({ prefix: 'ops', note: '' });

    fireEvent.click(within(own).getByRole('button', { name: 'Remove nubes' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this prefix?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', search: '?version=3' }));
  });
});
