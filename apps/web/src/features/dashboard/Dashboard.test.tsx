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
  contactDatabase: null,
  overdueReviews: null,
  pilots: null,
  goneOwners: null,
  ...overrides,
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the logged-in home page: the dashboard', () => {
  it('counts for the portfolio manager the services whose owner is gone, linked to the handover', async () => {
    fakeApi({ 'GET /api/dashboard': () => dashboard({ goneOwners: 2 }) });
    renderApp({ path: '/', user: PEOPLE.paula });
    const waiting = await screen.findByRole('region', { name: 'Waiting for me' });
    expect(await within(waiting).findByText('2 services whose owner is gone')).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Hand over' })).toHaveAttribute('href', '/sc/handover');
  });

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
    // The instructions stay reachable below, under Help; the logged-out brochure does not.
    expect(screen.getByRole('region', { name: 'Instructions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Modules' })).toBeNull();

    fireEvent.click(link);
    expect(currentLocation()).toBe(`/sc/service/${SERVICE}?tab=status`);
  });

  it('tells nora that nothing waits, leaves out the parts of roles she lacks, and offers a request for access', async () => {
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
    expect(screen.getByText('Nothing has happened yet that you can see.')).toBeInTheDocument();
    // No empty "My services" or charts for someone who holds no service and can see none.
    expect(screen.queryByRole('region', { name: 'My services' })).toBeNull();
    expect(screen.queryByText('You can see no services.')).toBeNull();
    expect(screen.getByText('You have no role in Nubes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request access' })).toBeInTheDocument();
  });

  it('shows rita the packages waiting for review and alice a rejected one with the reviewer’s reason', async () => {
    const pkg = (due: 'review' | 'rework', comment: string | null) => ({
      kind: 'resourcePackage' as const,
      id: `p-${due}`,
      name: due === 'review' ? 'GPU nodes' : 'Big memory',
      serviceName: 'HPC Batch Computing',
      state: due === 'review' ? ('submitted' as const) : ('rejected' as const),
      due,
      comment,
      link: `/sc/service/${SERVICE}/policy/p-${due}`,
      since: '2026-11-20T10:00:00.000Z',
    });
    fakeApi({ 'GET /api/dashboard': () => dashboard({ waiting: { items: [pkg('review', null)], total: 1 } }) });
    const first = renderApp({ path: '/', user: PEOPLE.rita });
    const waiting = await screen.findByRole('region', { name: 'Waiting for me' });
    expect(
      await within(waiting).findByRole('link', { name: 'Review the resource package: GPU nodes' }),
    ).toHaveAttribute('href', `/sc/service/${SERVICE}/policy/p-review`);
    expect(within(waiting).getByText('of HPC Batch Computing')).toBeInTheDocument();
    first.unmount();

    fakeApi({
      'GET /api/dashboard': () =>
        dashboard({ waiting: { items: [pkg('rework', 'Quota too high for a pilot.')], total: 1 } }),
    });
    renderApp({ path: '/', user: PEOPLE.alice });
    const mine = await screen.findByRole('region', { name: 'Waiting for me' });
    expect(
      await within(mine).findByRole('link', { name: 'Rework the rejected resource package: Big memory' }),
    ).toBeInTheDocument();
    expect(within(mine).getByText('Reviewer’s reason:')).toBeInTheDocument();
    expect(within(mine).getByText('Quota too high for a pilot.')).toBeInTheDocument();
  });

  it('gives a contact manager the contact database at a glance instead of an empty "My services"', async () => {
    fakeApi({
      'GET /api/dashboard': () =>
        dashboard({
          waiting: { items: [], total: 0 },
          myServices: { items: [], total: 0 },
          contactDatabase: {
            contacts: 42,
            institutions: 7,
            recentContacts: [
              {
                id: 'c1',
                name: 'Nordmann, Henrik',
                organisation: 'HPC Centre North',
                updatedAt: '2026-11-22T10:00:00.000Z',
              },
            ],
          },
        }),
    });
    renderApp({
      path: '/',
      user: { ...PEOPLE.nora!, username: 'carla', fullname: 'Carla Contact', roles: ['contactManager'] },
    });
    const contacts = await screen.findByRole('region', { name: 'Contact database' });
    expect(within(contacts).getByText('42 contacts · 7 institutions')).toBeInTheDocument();
    expect(within(contacts).getByRole('link', { name: 'Nordmann, Henrik' })).toHaveAttribute(
      'href',
      '/cd/contact-database?contact=c1',
    );
    expect(within(contacts).getByRole('link', { name: 'Open the contact database' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My services' })).toBeNull();
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
    expect(screen.queryByRole('heading', { level: 1, name: 'Your work' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Waiting for me' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/dashboard')).toBe(false);
  });
});
