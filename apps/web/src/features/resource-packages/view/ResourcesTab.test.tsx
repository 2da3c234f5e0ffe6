import { formatDateTime } from '@nubes/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';
import { storagePackage } from '../../../test/resourcePackages';
import { serviceDetail } from '../../../test/serviceDetail';

const SERVICE_ID = storagePackage().service.id;
const service = serviceDetail({ id: SERVICE_ID, state: 'service_online', actions: [] });

describe('the service view’s resources tab', () => {
  it('lists the service’s packages: name to the policy view, type, quota with unit, review state, last edit', async () => {
    const draft = storagePackage();
    const approved = storagePackage({
      id: 'c0a80101-0000-4000-8000-000000000020',
      name: 'Compute M',
      type: {
        ...draft.type,
        name: { en: 'Compute', de: 'Rechenleistung' },
        quotaUnit: { en: 'vCPU hours', de: 'vCPU-Stunden' },
      },
      quota: 250000,
      state: 'approved',
      updatedAt: '2026-11-23T07:05:00.000Z',
    });
    fakeApi({
      [`GET /api/services/${SERVICE_ID}`]: () => service,
      [`GET /api/services/${SERVICE_ID}/resource-packages`]: () => ({ canCreate: true, items: [draft, approved] }),
    });
    renderApp({ path: `/sc/service/${SERVICE_ID}?tab=resources`, user: PEOPLE.alice });

    expect(await screen.findByRole('tab', { name: 'Resources', selected: true })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Compute M' });
    expect(link).toHaveAttribute('href', `/sc/service/${SERVICE_ID}/policy/${approved.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Compute')).toBeInTheDocument();
    expect(within(row).getByText('250,000 vCPU hours')).toBeInTheDocument();
    expect(within(row).getByText('Approved')).toHaveAttribute('data-review', 'approved');
    expect(within(row).getByText(formatDateTime(approved.updatedAt))).toBeInTheDocument();
    const draftRow = screen.getByRole('link', { name: 'Project storage S' }).closest('tr')!;
    expect(within(draftRow).getByText('1,500 GB')).toBeInTheDocument();
    expect(within(draftRow).getByText('Draft')).toHaveAttribute('data-review', 'draft');
    expect(screen.getByText('2 resource packages')).toBeInTheDocument();
  });

  it('says so when the service has no packages', async () => {
    fakeApi({
      [`GET /api/services/${SERVICE_ID}`]: () => service,
      [`GET /api/services/${SERVICE_ID}/resource-packages`]: () => ({ canCreate: false, items: [] }),
    });
    renderApp({ path: `/sc/service/${SERVICE_ID}?tab=resources`, user: PEOPLE.paula });
    expect(await screen.findByText('This service has no resource packages yet.')).toBeInTheDocument();
  });
});
