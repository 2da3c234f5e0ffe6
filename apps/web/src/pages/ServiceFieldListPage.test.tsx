import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClearFieldRequest, FieldListResponse, FieldListRow } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../test/fakeApi';
import { PEOPLE, renderApp } from '../test/renderApp';

const row = (name: string, value: string, version: number): FieldListRow => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  serviceId: `HPCN-000${name.length}`,
  name,
  state: 'service_online',
  providerInstitution: null,
  value,
  version,
  clearable: true,
});

const listOf = (items: FieldListRow[]): FieldListResponse => ({
  field: 'website',
  fieldClearable: true,
  items,
  total: items.length,
  clearableTotal: items.length,
  listToken: 'token',
  page: 1,
  pageSize: 50,
  refs: { institutions: {}, users: {} },
});

describe('the service field list', () => {
  it('after a 409 keeps the selection per service, shows a value changed meanwhile beside the clear, and clears on their versions', async () => {
    const storage = row('Storage', 'https://old.example', 2);
    const compute = row('Compute Cloud', 'https://compute.example', 5);
    let held = [storage, compute];
    const calls = fakeApi({
      'GET /api/service-fields/website': () => listOf(held),
      'POST /api/service-fields/website/clear': (call) => {
        const { services } = call.body as Extract<ClearFieldRequest, { scope: 'selected' }>;
        if (services.some((target) => held.find((one) => one.id === target.id)?.version !== target.version))
          return apiError(409, 'conflict', 'The list changed since you looked at it.');
        held = held.filter((one) => !services.some((target) => target.id === one.id));
        return { cleared: services.length };
      },
    });
    renderApp({ path: '/sc/service-field-list?field=website', user: PEOPLE.paula });
    const table = await screen.findByRole('table');
    fireEvent.click(await within(table).findByRole('checkbox', { name: 'Select Storage' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Compute Cloud' }));
    // Meanwhile someone gives Storage a new website and edits something else on Compute Cloud.
    held = [
      { ...storage, value: 'https://new.example', version: 3 },
      { ...compute, version: 6 },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Clear on selected services' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear 2 values' }));

    const notice = await screen.findByTestId('save-conflict');
    // Only Storage's value changed: a choice; Compute Cloud is cleared again without asking.
    expect(notice).toHaveTextContent('https://new.example');
    const choice = within(notice).getByRole('group', { name: 'Value to keep: Storage' });
    expect(within(notice).queryByRole('group', { name: /Compute Cloud/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear on 1 service again' })).toBeDisabled();
    fireEvent.click(within(choice).getByRole('button', { name: 'Keep mine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear on 2 services again' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear 2 values' }));

    await waitFor(() => expect(held).toEqual([]));
    expect((writesOf(calls).at(-1)!.body as Extract<ClearFieldRequest, { scope: 'selected' }>).services).toEqual([
      { id: storage.id, version: 3 },
      { id: compute.id, version: 6 },
    ]);
    await waitFor(() => expect(screen.queryByTestId('save-conflict')).toBeNull());
  });
});
