import type { ChangeRequest, ServiceChangeRequests, ServiceDetail } from '@nubes/domain';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChangeRequestTab } from './ChangeRequestTab';

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const SERVICE_ID = 'c0a80101-0000-4000-8000-0000000000a1';

const request = (state: ChangeRequest['state']): ChangeRequest => ({
  id: 'c0a80101-0000-4000-8000-0000000000c1',
  service: { id: SERVICE_ID, serviceId: 'SVC-00001', name: 'HPC Batch Computing', state: 'service_online' },
  state,
  version: 3,
  fromIntegrationManager: false,
  author: { id: 'alice', username: 'alice', fullname: 'Alice Adler', email: 'alice@example.org' },
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
  fields: [
    {
      key: 'shortDescription',
      currentValue: 'Batch jobs on 20,000 cores.',
      newValue: 'Batch jobs on 40,000 cores.',
      serviceValue: 'Batch jobs on 20,000 cores.',
      decision: state === 'released' ? 'accept' : null,
      stale: false,
    },
  ],
  actions: [],
  refs: { users: {}, institutions: {} },
});

const show = (state: ChangeRequest['state']) => {
  const answer: ServiceChangeRequests = { items: [request(state)], locked: true, canCreate: false };
  fakeApi({ [`GET /api/services/${SERVICE_ID}/change-requests`]: () => answer });
  renderWithProviders(<ChangeRequestTab service={{ id: SERVICE_ID } as ServiceDetail} />);
};

describe('the change request tab', () => {
  it('says a handed-in request waits for the portfolio manager', async () => {
    show('handed_in');
    expect(await screen.findByText('The change request waits for the portfolio manager')).toBeInTheDocument();
  });

  it('says a released request waits to be applied, not that it was handed in', async () => {
    show('released');
    expect(await screen.findByText(/is released and waits to be applied/)).toBeInTheDocument();
    expect(screen.queryByText('The change request waits for the portfolio manager')).not.toBeInTheDocument();
  });
});
