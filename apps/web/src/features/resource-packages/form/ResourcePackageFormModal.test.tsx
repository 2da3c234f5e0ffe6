import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { apiError, fakeApi, reply, type FakeHandler } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { policyDefaults } from '@nubes/domain';
import { HPC_SCHEMA, hpcType, openstackType, resourcePackage, storageType } from '../../../test/resourcePackages';
import { policyText } from '../policy/policyText';
import { ResourcePackageFormModal } from './ResourcePackageFormModal';

vi.mock('../../../components/json-editor', async () => ({
  JsonEditor: (await import('../../../test/fakeJsonEditor')).FakeJsonEditor,
}));

const SERVICE = 'a1b2c3d4-0000-4000-8000-000000000001';

/** The API as far as the modal calls it; `write` answers the POST or PATCH. */
const fakePackageApi = (write: FakeHandler) =>
  fakeApi({
    'GET /api/resource-types': () => ({
      items: [
        openstackType(),
        storageType(),
        hpcType(),
        storageType({
          id: crypto.randomUUID(),
          key: 'old',
          name: { en: 'Old tape', de: 'Altes Band' },
          retired: true,
        }),
      ],
    }),
    [`POST /api/services/${SERVICE}/resource-packages`]: write,
    [`PATCH /api/services/${SERVICE}/resource-packages/${resourcePackage().id}`]: write,
  });

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

/** The modal on the package of the fixtures, once its policy form shows (the first field, vCPUs). */
const openEdit = async () => {
  renderWithProviders(
    <ResourcePackageFormModal
      serviceId={SERVICE}
      resourcePackage={resourcePackage()}
      opened
      onClose={() => undefined}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Resource Package' });
  return { dialog, vcpus: await within(dialog).findByRole('textbox', { name: /^vCPUs/ }) };
};

describe('ResourcePackageFormModal', () => {
  it('names every missing value and sends nothing', async () => {
    const calls = fakePackageApi(() => ({}));
    renderWithProviders(<ResourcePackageFormModal serviceId={SERVICE} opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New Resource Package' });
    expect(
      within(dialog).getByText('Choose a resource type first; the policy follows its fields.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Resource Package name cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a resource type')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a quota')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter at least one policy name')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers active types only and starts a new policy from what the type’s form shows untouched', async () => {
    const calls = fakePackageApi((call) => resourcePackage({ name: (call.body as { name: string }).name }));
    const onSaved = vi.fn();
    renderWithProviders(
      <ResourcePackageFormModal serviceId={SERVICE} opened onClose={() => undefined} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New Resource Package' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Resource Package name/ }), {
      target: { value: 'Small projects' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Resource type/ }));
    expect(await screen.findByRole('option', { name: 'Object storage', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Old tape/, hidden: true })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'OpenStack project', hidden: true }));
    expect(await within(dialog).findByRole('textbox', { name: /Quota in vCPUs/ })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Quota in vCPUs/ }), { target: { value: '64' } });
    const names = within(dialog).getByRole('combobox', { name: /Policy names/ });
    names.focus();
    fireEvent.change(names, { target: { value: 'small' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    // The form of the new type, on an empty policy.
    expect(await within(dialog).findByText('Flavors')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Form' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/services/${SERVICE}/resource-packages`);
    expect(post.body).toEqual({
      name: 'Small projects',
      typeId: openstackType().id,
      quota: 64,
      policyNames: ['small'],
      policy: policyText({ network: {}, backup: false }),
    });
    expect(await screen.findByText('Resource package created')).toBeInTheDocument();
  });

  it('refuses to send a policy that is not JSON', async () => {
    const calls = fakePackageApi(() => ({}));
    const { dialog } = await openEdit();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'JSON' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Policy as JSON' }), {
      target: { value: '{"flavors": [' },
    });
    expect(within(dialog).getByRole('radio', { name: 'Form' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Inside the dialog, under its buttons, and not as a notification that could cover them.
    expect(await within(dialog).findByRole('alert', { name: 'Cannot save invalid JSON' })).toBeVisible();
    expect(document.querySelector('.mantine-Notification-title')).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends an edit with the version read and puts the server’s messages beside the fields', async () => {
    const calls = fakePackageApi(() =>
      reply(400, {
        error: 'invalid_input',
        message: 'The policy does not match the resource type',
        fields: {
          name: 'Resource Package name cannot be empty',
          policy: 'The policy does not match the resource type',
          'policy/flavors/0/vcpus': 'Must be at most 64',
        },
      }),
    );
    const { dialog, vcpus } = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(vcpus).toHaveAttribute('aria-invalid', 'true'));
    expect(vcpus).toHaveAccessibleDescription(/Must be at most 64/);
    expect(within(dialog).getByRole('textbox', { name: /Resource Package name/ })).toHaveAccessibleDescription(
      'Resource Package name cannot be empty',
    );
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/services/${SERVICE}/resource-packages/${resourcePackage().id}`);
    expect(patch.body).toMatchObject({ version: 4, name: 'Small projects', quota: 128, policyNames: ['small'] });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'JSON' }));
    expect(within(dialog).getByText('Flavors › 1 › vCPUs')).toBeInTheDocument();
  });

  it('says so when someone else changed the package', async () => {
    fakePackageApi(() => apiError(409, 'conflict', 'The object was changed by someone else. Please reload.'));
    const { dialog } = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Someone else saved first. What you typed is kept; choose per field at the top of the form.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Resource Package name/ })).toHaveValue(resourcePackage().name);
  });

  /** Opens a new package's dialog and fills all but its policy, on the HPC type. */
  const newHpcPackage = async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Resource Package' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Resource Package name/ }), {
      target: { value: 'Course' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Resource type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HPC compute time', hidden: true }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Quota in core hours/ }), {
      target: { value: '1000' },
    });
    const names = within(dialog).getByRole('combobox', { name: /Policy names/ });
    names.focus();
    fireEvent.change(names, { target: { value: 'course' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    await within(dialog).findByRole('checkbox', { name: 'GPUs allowed' });
    return dialog;
  };

  it('opens on the form and saves the untouched policy of a type: every yes/no written, nothing hidden', async () => {
    const calls = fakePackageApi((call) => reply(201, resourcePackage({ name: (call.body as { name: string }).name })));
    const onSaved = vi.fn();
    renderWithProviders(
      <ResourcePackageFormModal serviceId={SERVICE} opened onClose={() => undefined} onSaved={onSaved} />,
    );
    const first = await screen.findByRole('dialog', { name: 'New Resource Package' });
    expect(within(first).getByRole('radio', { name: 'Form' })).toBeChecked();
    expect(within(first).queryByRole('textbox', { name: 'Policy as JSON' })).not.toBeInTheDocument();
    const dialog = await newHpcPackage();
    expect(within(dialog).getByRole('checkbox', { name: 'GPUs allowed' })).not.toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: /GPU model/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /GPU hours/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Longest job \(hours\)/ })).toHaveValue('24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    const policy = JSON.parse((post.body as { policy: string }).policy) as unknown;
    expect(policy).toEqual(policyDefaults(HPC_SCHEMA));
    expect(policy).toEqual({
      partition: 'standard',
      max_wall_time_hours: 24,
      gpu: { enabled: false },
      backfill: false,
    });
  });

  it('shows GPU model and hours while GPUs are allowed, and drops them with the tick', async () => {
    const calls = fakePackageApi((call) => reply(201, resourcePackage({ name: (call.body as { name: string }).name })));
    renderWithProviders(<ResourcePackageFormModal serviceId={SERVICE} opened onClose={() => undefined} />);
    const dialog = await newHpcPackage();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'GPUs allowed' }));
    expect(await within(dialog).findByRole('textbox', { name: /GPU hours per year/ })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /GPU hours per year/ }), {
      target: { value: '500' },
    });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /GPU hours per year/ })).toHaveValue('500'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'GPUs allowed' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('textbox', { name: /GPU hours per year/ })).not.toBeInTheDocument(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse((post.body as { policy: string }).policy)).toMatchObject({ gpu: { enabled: false } });
    expect(JSON.parse((post.body as { policy: string }).policy).gpu).toEqual({ enabled: false });
  });

  it('keeps an out-of-range number as typed and answers it, and shows every refusal of the server', async () => {
    fakePackageApi(() =>
      reply(400, {
        error: 'invalid_input',
        message: 'The policy does not match the resource type',
        fields: {
          policy: 'The policy does not match the resource type',
          'policy/max_wall_time_hours': 'Must be at most 168',
          'policy/gpu/enabled': 'Must be true or false',
        },
      }),
    );
    renderWithProviders(<ResourcePackageFormModal serviceId={SERVICE} opened onClose={() => undefined} />);
    const dialog = await newHpcPackage();
    const hours = within(dialog).getByRole('textbox', { name: /Longest job \(hours\)/ });
    fireEvent.change(hours, { target: { value: '999' } });
    fireEvent.blur(hours);
    await waitFor(() => expect(hours).toHaveValue('999'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(hours).toHaveAttribute('aria-invalid', 'true'));
    expect(hours).toHaveAccessibleDescription(/at most 168/);
    const refusals = await within(dialog).findByRole('alert', {
      name: /does not match the resource type in these places/,
    });
    expect(within(refusals).getByText('GPUs › GPUs allowed')).toBeVisible();
    expect(within(refusals).getByText('Longest job (hours)')).toBeVisible();
  });
});
