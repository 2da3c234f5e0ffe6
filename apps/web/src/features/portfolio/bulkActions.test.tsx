import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceSummary } from '@nubes/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const summary = (n: number, state: ServiceSummary['state']): ServiceSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  serviceId: `SVC-${String(n).padStart(5, '0')}`,
  name: `Service ${n}`,
  state,
  providerInstitution: { id: 'inst', abbreviation: 'HPCN', name: 'HPC Centre North' },
  shortDescription: 'Fast',
  serviceType: 'infrastructure',
  score: 4,
  keywords: ['hpc'],
  updatedAt: '2026-03-01T09:30:00.000Z',
  onlineSince: null,
});

const rows = [summary(1, 'service_online'), summary(2, 'application_received'), summary(3, 'integration_planned')];

const serve = (bulk: () => unknown) =>
  fakeApi({
    'GET /api/services': () => ({ items: rows, total: 3, page: 1, pageSize: 50 }),
    'GET /api/services/tab-counts': () => ({
      counts: { application: 3, pipeline: 0, catalogue: 0, offboarding: 0, withdrawn: 0, myCentre: 0 },
    }),
    'GET /api/saved-views': () => ({ items: [] }),
    'GET /api/institutions': () => ({ items: [] }),
    'GET /api/keywords': () => ({ items: [] }),
    'POST /api/reviews/bulk': bulk,
  });

afterEach(() => vi.restoreAllMocks());

describe('bulk actions on the selected services', () => {
  it('exports the selection from the API: the view’s filters and order, and the selected ids', async () => {
    serve(() => ({ count: 0 }));
    renderApp({ path: '/sc/service-portfolio?q=fast&sort=name&order=asc', user: PEOPLE.alice });
    await screen.findByRole('link', { name: 'Service 1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Service 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Service 3' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected rows' });
    expect(within(bar).getByText('2 rows selected')).toBeInTheDocument();
    // alice may not manage reviews: no review start.
    expect(within(bar).queryByRole('button', { name: 'Start review' })).toBeNull();
    const ids = `${rows[0]!.id}%2C${rows[2]!.id}`;
    const json = within(bar).getByRole('link', { name: 'Export selected as JSON' });
    expect(json).toHaveAttribute(
      'href',
      `/api/services/export.json?tab=application&q=fast&sort=name&order=asc&ids=${ids}`,
    );
    expect(json).toHaveAttribute('download');
    expect(within(bar).getByRole('link', { name: 'Export selected as CSV' })).toHaveAttribute(
      'href',
      `/api/services/export.csv?tab=application&q=fast&sort=name&order=asc&ids=${ids}`,
    );
  });

  it('starts reviews of the selected services in a reviewable state, after naming the number', async () => {
    let changed = true;
    const calls = serve(() =>
      changed
        ? apiError(409, 'conflict', 'The filters now select a different number of services; please confirm again.')
        : { count: 2 },
    );
    renderApp({ path: '/sc/service-portfolio', user: PEOPLE.paula });
    await screen.findByRole('link', { name: 'Service 1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected rows' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Start review' }));
    const ask = await screen.findByRole('dialog', { name: 'Start reviews?' });
    expect(
      within(ask).getByText(
        /Reviews start for 2 selected services.*1 selected service is in no reviewable state and is left out\./,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(ask).getByRole('button', { name: 'Start 2 reviews' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      action: 'start',
      filters: {},
      ids: [rows[0]!.id, rows[2]!.id],
      count: 2,
    });
    expect(await screen.findByText(/different number of services/)).toBeInTheDocument();

    changed = false;
    fireEvent.click(within(bar).getByRole('button', { name: 'Start review' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Start reviews?' })).getByRole('button', {
        name: 'Start 2 reviews',
      }),
    );
    expect(await screen.findByText('2 reviews started')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Actions for the selected rows' })).toBeNull());
  });
});
