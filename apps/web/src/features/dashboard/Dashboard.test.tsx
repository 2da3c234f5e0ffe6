import type { Dashboard } from '@nubes/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { apiError, fakeApi } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';

const SERVICE = 'c0a80101-0000-4000-8000-000000000001';

const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  waiting: {
    items: [
      {
        kind: 'service',
        id: SERVICE,
        name: 'HPC Batch Computing',
        state: 'application_draft',
        due: 'completeApplication',
        link: `/sc/service/${SERVICE}?tab=status`,
        since: '2026-11-20T10:00:00.000Z',
      },
      {
        kind: 'review',
        id: SERVICE,
        name: 'JupyterHub on HPC',
        state: 'running',
        due: 'confirm',
        link: `/sc/service/${SERVICE}`,
        since: '2026-11-21T10:00:00.000Z',
      },
    ],
    total: 30,
  },
  myServices: {
    items: [
      {
        id: SERVICE,
        serviceId: 'SVC-00001',
        name: 'HPC Batch Computing',
        state: 'application_draft',
        providerInstitution: { id: 'i1', abbreviation: 'HPCN', name: 'HPC Centre North' },
        shortDescription: 'Batch jobs',
        serviceType: 'infrastructure',
        score: 3,
        keywords: [],
        updatedAt: '2026-11-20T10:00:00.000Z',
        onlineSince: null,
      },
    ],
    total: 1,
  },
  stateCounts: [
    { state: 'application_draft', count: 1 },
    { state: 'service_online', count: 12 },
  ],
  centreCounts: [
    { institutionId: 'i1', abbreviation: 'HPCN', name: 'HPC Centre North', count: 10 },
    { institutionId: null, abbreviation: null, name: null, count: 3 },
  ],
  activity: [
    {
      id: 'e1',
      at: '2026-11-22T10:00:00.000Z',
      actor: 'Paula Portfolio',
      action: 'service.transition',
      objectType: 'service',
      objectName: 'HPC Batch Computing',
      link: `/sc/service/${SERVICE}?tab=history`,
    },
  ],
  ...overrides,
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the logged-in home page: the dashboard', () => {
  it('shows what waits for alice as links with what is due, her services, the counts and the activity', async () => {
    fakeApi({ 'GET /api/dashboard': () => dashboard() });
    renderApp({ path: '/', user: PEOPLE.alice });
    const waiting = await screen.findByRole('region', { name: 'Waiting for me' });
    const link = await within(waiting).findByRole('link', { name: 'Complete the application: HPC Batch Computing' });
    expect(link).toHaveAttribute('href', `/sc/service/${SERVICE}?tab=status`);
    expect(within(waiting).getByRole('link', { name: 'Answer the review: JupyterHub on HPC' })).toBeInTheDocument();
    expect(within(waiting).getByText('30 items wait for you')).toBeInTheDocument();
    expect(within(waiting).getByText('The 2 waiting longest are shown, of 30.')).toBeInTheDocument();

    const mine = section('My services');
    expect(within(mine).getByRole('table', { name: /^My services/ })).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'HPC Batch Computing' })).toBeInTheDocument();

    // The charts' numbers as tables, for screen readers.
    const byState = await screen.findByRole('table', { name: 'Services by status' });
    expect(within(byState).getByRole('rowheader', { name: 'Service Online' })).toBeInTheDocument();
    expect(within(byState).getByRole('cell', { name: '12' })).toBeInTheDocument();
    const byCentre = screen.getByRole('table', { name: 'Services by centre' });
    expect(within(byCentre).getByRole('rowheader', { name: 'No provider yet' })).toBeInTheDocument();

    const activity = section('Recent activity');
    expect(within(activity).getByText(/Paula Portfolio:/)).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: 'HPC Batch Computing' })).toHaveAttribute(
      'href',
      `/sc/service/${SERVICE}?tab=history`,
    );
    // The modules and instructions stay reachable below.
    expect(screen.getByRole('region', { name: 'Instructions' })).toBeInTheDocument();

    fireEvent.click(link);
    expect(currentLocation()).toBe(`/sc/service/${SERVICE}?tab=status`);
  });

  it('tells nora that nothing waits and she holds no service', async () => {
    fakeApi({
      'GET /api/dashboard': () =>
        dashboard({
          waiting: { items: [], total: 0 },
          myServices: { items: [], total: 0 },
          stateCounts: [],
          centreCounts: [],
          activity: [],
        }),
    });
    renderApp({ path: '/', user: PEOPLE.nora });
    expect(await screen.findByText('Nothing waits for you right now.')).toBeInTheDocument();
    expect(screen.getByText('You hold no role in a service yet.')).toBeInTheDocument();
    expect(await screen.findByText('You can see no services.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has happened yet that you can see.')).toBeInTheDocument();
  });

  it('says so when the dashboard cannot be loaded', async () => {
    fakeApi({ 'GET /api/dashboard': () => apiError(500, 'internal', 'Broken') });
    renderApp({ path: '/', user: PEOPLE.alice });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your dashboard could not be loaded');
  });

  it('speaks German', async () => {
    fakeApi({ 'GET /api/dashboard': () => dashboard() });
    renderApp({ path: '/', user: PEOPLE.alice });
    await screen.findByRole('region', { name: 'Waiting for me' });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'DE' }));
      const waiting = await screen.findByRole('region', { name: 'Wartet auf mich' });
      expect(
        within(waiting).getByRole('link', { name: 'Antrag abschließen: HPC Batch Computing' }),
      ).toBeInTheDocument();
      expect(await screen.findByRole('table', { name: 'Services nach Status' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('keeps the logged-out home as it was: no dashboard, no request for one', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    expect(screen.queryByRole('region', { name: 'Waiting for me' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/dashboard')).toBe(false);
  });
});
