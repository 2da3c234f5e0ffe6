import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, reply, type FakeHandler } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';
import { openstackType, storageType } from '../../../test/resourcePackages';

vi.mock('../../../components/json-editor', async () => ({
  JsonEditor: (await import('../../../test/fakeJsonEditor')).FakeJsonEditor,
}));

/**
 * The API as far as the section calls it: `types` is what the server holds when the list is read,
 * so a test can change it between reads; `write` answers every write.
 */
const fakeTypesApi = (
  write: FakeHandler = () => ({}),
  types = () => [openstackType(), storageType({ retired: true })],
) =>
  fakeApi({
    'GET /api/resource-types': () => ({ items: types() }),
    'POST /api/resource-types': write,
    [`PATCH /api/resource-types/${openstackType().id}`]: write,
    [`DELETE /api/resource-types/${storageType().id}`]: write,
    'GET /api/mail/outbox': () => ({ items: [], nextCursor: null, total: 0 }),
  });

const openPanel = async () => {
  renderApp({ path: '/manage/adminPanel', user: PEOPLE.admin });
  return screen.findByRole('table', { name: /^Resource types/ });
};

describe('admin panel: resource types', () => {
  it('lists key, name, unit, packages and status, and offers delete only for types no package uses', async () => {
    fakeTypesApi();
    const table = await openPanel();
    const openstack = (await within(table).findByRole('rowheader', { name: 'OpenStack project' })).closest('tr')!;
    expect(within(openstack).getByText('openstack-project')).toBeInTheDocument();
    expect(within(openstack).getByText('vCPUs')).toBeInTheDocument();
    expect(within(openstack).getByText('2')).toBeInTheDocument();
    expect(within(openstack).getByText('Active')).toBeInTheDocument();
    expect(within(openstack).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const storage = within(table).getByRole('rowheader', { name: 'Object storage' }).closest('tr')!;
    expect(within(storage).getByText('Retired')).toBeInTheDocument();
    expect(within(storage).getByRole('button', { name: 'Reactivate Object storage' })).toBeInTheDocument();
    expect(within(storage).getByRole('button', { name: 'Delete Object storage' })).toBeInTheDocument();
  });

  it('refuses a schema that is not JSON before sending, and shows the server’s schema message at the field', async () => {
    const calls = fakeTypesApi(() =>
      apiError(400, 'invalid_input', 'This is not a valid JSON Schema (draft 2020-12)', {
        schema: 'This is not a valid JSON Schema (draft 2020-12)',
      }),
    );
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'New type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New resource type' });
    const fill = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    fill(/^Key/, 'gpu-hours');
    fill(/^Name \(English\)/, 'GPU hours');
    fill(/^Name \(German\)/, 'GPU-Stunden');
    fill(/^Description \(English\)/, 'Time on the GPU cluster');
    fill(/^Description \(German\)/, 'Zeit auf dem GPU-Cluster');
    fill(/^Quota unit \(English\)/, 'hours');
    fill(/^Quota unit \(German\)/, 'Stunden');
    fill(/^JSON Schema of the policy/, '{"type": "object",');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Inside the dialog, under its buttons, and not as a notification that could cover them.
    expect(await within(dialog).findByRole('alert', { name: 'Cannot save invalid JSON' })).toBeVisible();
    expect(document.querySelector('.mantine-Notification-title')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fill(/^JSON Schema of the policy/, '{"type": "object", "properties": 3}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // At the field, and in the dialog's error under its buttons.
    await waitFor(() =>
      expect(within(dialog).getAllByText('This is not a valid JSON Schema (draft 2020-12)')).toHaveLength(2),
    );
    expect(within(dialog).getByRole('alert', { name: 'Cannot save the resource type' })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'gpu-hours',
      name: { en: 'GPU hours', de: 'GPU-Stunden' },
      description: { en: 'Time on the GPU cluster', de: 'Zeit auf dem GPU-Cluster' },
      quotaUnit: { en: 'hours', de: 'Stunden' },
      schema: '{"type": "object", "properties": 3}',
    });
  });

  it('deletes a type after asking, with the version it read', async () => {
    const calls = fakeTypesApi(() => reply(204));
    const table = await openPanel();
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete Object storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the resource type?' });
    expect(within(dialog).getByText(/“Object storage” will be deleted/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
        path: `/api/resource-types/${storageType().id}`,
        search: '?version=3',
      }),
    );
    expect(await screen.findByText('Resource type deleted')).toBeInTheDocument();
  });

  it('says so when the type came into use meanwhile', async () => {
    fakeTypesApi(() =>
      apiError(409, 'conflict', 'This resource type is used by resource packages. Retire it instead.'),
    );
    const table = await openPanel();
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete Object storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the resource type?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This resource type is used by resource packages. Retire it instead.'),
    ).toBeInTheDocument();
  });

  it('retires a type with its values as read', async () => {
    const calls = fakeTypesApi((call) => ({ ...openstackType(), retired: true, version: 2, ...(call.body as object) }));
    const table = await openPanel();
    fireEvent.click(await within(table).findByRole('button', { name: 'Retire OpenStack project' }));
    // It asks first, saying what retiring does; nothing is written before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Retire the resource type?' });
    expect(within(dialog).getByText(/No new resource package can choose “OpenStack project”/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/resource-types/${openstackType().id}`);
    expect(patch.body).toMatchObject({ version: 1, retired: true, name: openstackType().name });
    expect(await screen.findByText('Resource type updated')).toBeInTheDocument();
  });

  it('after a 409 keeps what was typed, shows their unit beside it to choose, and saves on top of that version', async () => {
    let held = openstackType();
    const calls = fakeTypesApi(
      (call) => {
        const body = call.body as { version: number };
        if (body.version !== held.version) return apiError(409, 'conflict', 'The object was changed in the meantime.');
        held = { ...held, ...(call.body as object), version: held.version + 1 };
        return held;
      },
      () => [held],
    );
    const table = await openPanel();
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit OpenStack project' }));
    const dialog = () => screen.getByRole('dialog', { name: 'Edit resource type' });
    await screen.findByRole('dialog', { name: 'Edit resource type' });
    // Someone else renames the unit in both languages while the form is open.
    held = { ...held, quotaUnit: { en: 'cores', de: 'Kerne' }, version: 2 };
    const unit = () => within(dialog()).getByRole('textbox', { name: /^Quota unit \(English\)/ });
    const unitDe = () => within(dialog()).getByRole('textbox', { name: /^Quota unit \(German\)/ });
    fireEvent.change(unit(), { target: { value: 'vCPU' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const notice = await within(dialog()).findByTestId('save-conflict');
    // The English unit both changed: a choice, the typing kept; the German one only they changed: taken.
    expect(unit()).toHaveValue('vCPU');
    await waitFor(() => expect(unitDe()).toHaveValue('Kerne'));
    expect(notice).toHaveTextContent('cores');
    fireEvent.click(
      within(within(notice).getByRole('group', { name: /^Value to keep: Quota unit \(English\)/ })).getByRole(
        'button',
        { name: 'Keep mine' },
      ),
    );

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Resource type updated')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { version: number }).version),
    ).toEqual([1, 2]);
    expect(held).toMatchObject({ quotaUnit: { en: 'vCPU', de: 'Kerne' }, version: 3 });
  });
});
