import type { ChangeRequest, ChangeRequestField } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { apiError, fakeApi, writesOf } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChangeRequestCard } from './ChangeRequestCard';

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const ID = 'c0a80101-0000-4000-8000-0000000000c1';

const field = (overrides: Partial<ChangeRequestField>): ChangeRequestField => ({
  key: 'shortDescription',
  currentValue: 'Batch jobs on 20,000 cores.',
  newValue: 'Batch jobs on 40,000 cores.',
  serviceValue: 'Batch jobs on 20,000 cores.',
  decision: null,
  stale: false,
  ...overrides,
});

const request = (overrides: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: ID,
  service: { id: 'svc', serviceId: 'SVC-00001', name: 'HPC Batch Computing', state: 'service_online' },
  state: 'handed_in',
  version: 2,
  fromIntegrationManager: false,
  author: { id: 'alice', username: 'alice', fullname: 'Alice Adler', email: 'alice@example.org' },
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
  fields: [
    field({}),
    field({ key: 'maintenanceWindow', currentValue: 'Every Monday', newValue: 'Every second Monday' }),
  ],
  actions: ['release'],
  refs: { users: {}, institutions: {} },
  ...overrides,
});

const show = (value: ChangeRequest, onChanged: (next: ChangeRequest) => void = () => undefined) =>
  renderWithProviders(<ChangeRequestCard request={value} onChanged={onChanged} onConflict={() => undefined} />);

/** A released request with these fields, shown with its apply answered; the calls for the test to read. */
const showReleased = (fields: ChangeRequestField[]) => {
  const calls = fakeApi({
    [`POST /api/change-requests/${ID}/apply`]: () => request({ state: 'applied', actions: [] }),
  });
  show(request({ state: 'released', actions: ['apply'], fields }));
  return calls;
};

describe('the change request card of the portfolio manager', () => {
  it('marks the changed words of old → new per field', async () => {
    fakeApi({});
    show(request());
    const row = (await screen.findByText('Short description')).closest('[data-field]')!;
    expect(row.querySelector('del')).toHaveTextContent(/^20$/);
    expect(row.querySelector('ins')).toHaveTextContent(/^40$/);
    const other = screen.getByText('Maintenance window').closest('[data-field]')!;
    expect(other.querySelector('ins')).toHaveTextContent(/second/);
  });

  it('offers Release only once every field is decided, saying why, and releases with the decisions in one call', async () => {
    let released: ChangeRequest | null = null;
    const calls = fakeApi({
      [`POST /api/change-requests/${ID}/release`]: () => request({ state: 'released', version: 4, actions: ['apply'] }),
    });
    show(request(), (next) => (released = next));
    const release = await screen.findByRole('button', { name: 'Release' });
    expect(release).toBeDisabled();
    expect(release).toHaveAccessibleDescription('Decide 2 more fields to release.');
    // Nothing like a separate "Save decisions" step.
    expect(screen.queryByRole('button', { name: 'Save decisions' })).toBeNull();

    const group = (label: string) => screen.getByRole('group', { name: `Decision: ${label}` });
    fireEvent.click(within(group('Short description')).getByRole('button', { name: 'Accept' }));
    expect(within(group('Short description')).getByRole('button', { name: 'Accept' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(release).toHaveAccessibleDescription('Decide 1 more field to release.');
    fireEvent.click(within(group('Maintenance window')).getByRole('button', { name: 'Discard' }));
    expect(release).toBeEnabled();
    expect(screen.queryByText(/more field/)).toBeNull();

    fireEvent.click(release);
    // Release fixes the decisions: it asks first, naming them, and nothing is sent before the answer.
    const question = await screen.findByRole('dialog', { name: 'Release the change request for HPC Batch Computing?' });
    expect(question).toHaveTextContent('Accepted fields: 1, discarded fields: 1.');
    expect(question).toHaveTextContent('The decisions cannot be changed after the release.');
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(released).not.toBeNull());
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/change-requests/${ID}/release`,
        search: '',
        body: { version: 2, decisions: { shortDescription: 'accept', maintenanceWindow: 'discard' } },
      },
    ]);
  });

  it('shows the server’s refusal and keeps the choices made', async () => {
    fakeApi({
      [`POST /api/change-requests/${ID}/release`]: () =>
        apiError(409, 'conflict', 'Please decide every field first.', {
          maintenanceWindow: 'Please decide every field first.',
        }),
    });
    show(request({ fields: [field({})] }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Decision: Short description' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Please decide every field first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('at apply, asks per changed accepted field whether the present value stays, and sends the choices', async () => {
    const calls = showReleased([
      field({ decision: 'accept', stale: true, serviceValue: 'Changed meanwhile.' }),
      field({ key: 'maintenanceWindow', decision: 'discard', currentValue: 'Monday', newValue: 'Tuesday' }),
    ]);
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription('Choose for 1 more changed field to apply.');
    // The decisions show read-only now.
    expect(screen.getByText('Maintenance window').closest('[data-field]')).toHaveTextContent('Decision: Discard');
    fireEvent.click(screen.getByRole('button', { name: 'Keep present value' }));
    fireEvent.click(apply);
    // The present value is kept, so nothing is written; applying still asks, since it closes the request.
    const question = await screen.findByRole('dialog', { name: 'Apply the change request to HPC Batch Computing?' });
    expect(question).toHaveTextContent('No field is written');
    fireEvent.click(within(question).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({ version: 2, overwrite: [], keep: ['shortDescription'] });
  });

  it('asks before applying, naming how many fields change and that public ones change the public portfolio', async () => {
    const calls = showReleased([
      field({ decision: 'accept' }),
      field({ key: 'maintenanceWindow', decision: 'accept', currentValue: 'Monday', newValue: 'Tuesday' }),
      field({
        key: 'website',
        decision: 'discard',
        currentValue: 'https://a.example',
        newValue: 'https://b.example',
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const question = await screen.findByRole('dialog', { name: 'Apply the change request to HPC Batch Computing?' });
    expect(question).toHaveTextContent(
      'Applying writes 2 accepted fields into the service information and closes the request. ' +
        '1 of them is a public field: the public portfolio shows its new value at once.',
    );
    // Cancel sends nothing and leaves the request as it was.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({ version: 2, overwrite: [], keep: [] });
  });

  it('reads in German with room for the words', async () => {
    fakeApi({});
    await changeLanguage('de');
    try {
      show(request());
      expect(await screen.findByRole('group', { name: 'Entscheidung: Kurzbeschreibung' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Annehmen' })).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Freigeben' })).toHaveAccessibleDescription(
        'Entscheiden Sie noch über 2 Felder, um freizugeben.',
      );
    } finally {
      await changeLanguage('en');
    }
  });
});
