import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceSummary } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, PEOPLE, renderApp } from '../test/renderApp';

// Lazy pages, Mantine and the query cache take a while on a busy 2-core machine; wait for answers, not time.

const summary = (n: number, overrides: Partial<ServiceSummary> = {}): ServiceSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  serviceId: `SVC-${String(n).padStart(5, '0')}`,
  name: `Service ${n}`,
  state: 'application_received',
  providerInstitution: { id: 'inst', abbreviation: 'KIT', name: 'Karlsruhe Institute of Technology' },
  shortDescription: '',
  serviceType: 'infrastructure',
  score: 12.5,
  keywords: [],
  updatedAt: '2026-03-01T09:30:00.000Z',
  onlineSince: null,
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the lists use it: one page of the list, institutions and keywords; records the list calls. */
const serveList = (total: number, rows: ServiceSummary[], counts: string[] = []) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/api/services/tab-counts')) {
        counts.push(input);
        return json({
          counts: { application: total, pipeline: 7, catalogue: 1234, offboarding: 0, withdrawn: 2, myCentre: 3 },
        });
      }
      if (input.startsWith('/api/services') || input.startsWith('/api/integration-list')) {
        calls.push(input);
        return json({ items: rows, total, page: 1, pageSize: 50 });
      }
      if (input.startsWith('/api/institutions')) return json({ items: [] });
      if (input.startsWith('/api/keywords')) return json({ items: [] });
      return json({ error: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  return calls;
};

describe('service portfolio', () => {
  it('tells a user without a portfolio role that this is not for them, and asks the server nothing', async () => {
    const calls = serveList(0, []);
    renderApp({ path: '/sc/service-portfolio', user: PEOPLE.nora });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a page of the first tab with German dates, and keeps sorting and paging in the URL', async () => {
    const calls = serveList(120, [summary(1), summary(2, { state: 'application_draft', score: 3 })]);
    renderApp({ path: '/sc/service-portfolio', user: PEOPLE.paula });

    expect(await screen.findByRole('link', { name: 'Service 1' })).toHaveAttribute(
      'href',
      '/sc/service/00000000-0000-4000-8000-000000000001?from=%2Fsc%2Fservice-portfolio',
    );
    expect(screen.getByRole('tab', { name: 'Application', selected: true })).toBeInTheDocument();
    expect(screen.getByText('120 services')).toBeInTheDocument();
    expect(screen.getAllByText('1.3.2026, 10:30')).toHaveLength(2);
    expect(within(screen.getByRole('table')).getByText('Application Draft')).toBeInTheDocument();
    expect(calls.at(-1)).toBe('/api/services?tab=application&sort=updatedAt&order=desc&page=1&pageSize=50');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/services/export.csv?tab=application&sort=updatedAt&order=desc',
    );
    // paula may not create services: no New Application.
    expect(screen.queryByRole('link', { name: 'New Application' })).not.toBeInTheDocument();

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-portfolio?sort=name&order=asc'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(
      within(await screen.findByRole('navigation', { name: 'Pages of the list' })).getByRole('button', {
        name: 'Page 3',
      }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-portfolio?sort=name&order=asc&page=3'));
    await waitFor(() =>
      expect(calls.at(-1)).toBe('/api/services?tab=application&sort=name&order=asc&page=3&pageSize=50'),
    );
  });

  it('shows on each tab how many services it holds under the search, from one request', async () => {
    const counts: string[] = [];
    serveList(12, [summary(1)], counts);
    renderApp({ path: '/sc/service-portfolio?q=north&tab=catalogue&page=2', user: PEOPLE.paula });
    await screen.findByRole('link', { name: 'Service 1' });
    const catalogue = screen.getByRole('tab', { name: 'Catalogue', selected: true });
    await waitFor(() => expect(catalogue).toHaveAccessibleDescription('Services in this section: 1,234'));
    expect(within(catalogue).getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pipeline' })).toHaveAccessibleDescription('Services in this section: 7');
    expect(screen.getByRole('tab', { name: 'Offboarding / Retired' })).toHaveAccessibleDescription(
      'Services in this section: 0',
    );
    expect(counts).toEqual(['/api/services/tab-counts?q=north']);
  });

  it('switches tabs and offers only the states of the tab', async () => {
    const calls = serveList(1, [summary(1, { state: 'service_online' })]);
    renderApp({ path: '/sc/service-portfolio?tab=pipeline&state=service_planned&page=2', user: PEOPLE.admin });
    await screen.findByRole('link', { name: 'Service 1' });
    fireEvent.click(screen.getByRole('tab', { name: 'Catalogue' }));
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-portfolio?tab=catalogue'));
    const state = await screen.findByLabelText('Status');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All states', 'Service Online', 'Service Not Available', 'Service Full Capacity Reached']);
    fireEvent.change(state, { target: { value: 'service_online' } });
    await waitFor(() =>
      expect(calls.at(-1)).toBe(
        '/api/services?tab=catalogue&state=service_online&sort=updatedAt&order=desc&page=1&pageSize=50',
      ),
    );
    // The portal manager may start applications.
    expect(screen.getByRole('link', { name: 'New Application' })).toHaveAttribute('href', '/sc/service-application');
  });

  it('says so when nothing matches, and clears the filters on request', async () => {
    const calls = serveList(0, []);
    renderApp({ path: '/sc/service-portfolio?q=nothing&tab=pipeline', user: PEOPLE.paula });
    expect(await screen.findByText('No services match this view.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nothing');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-portfolio?tab=pipeline'));
    expect(await screen.findByText('There are no services here yet.')).toBeInTheDocument();
    expect(calls.at(-1)).toBe('/api/services?tab=pipeline&sort=updatedAt&order=desc&page=1&pageSize=50');
  });

  it('says of an empty "My Centre" tab that the centre offers nothing yet, not a stage’s text', async () => {
    serveList(0, []);
    renderApp({ path: '/sc/service-portfolio?tab=myCentre', user: PEOPLE.paula });
    expect(await screen.findByText('Your centre offers no services yet.')).toBeInTheDocument();
    expect(screen.queryByText('There are no services here yet.')).toBeNull();
  });

  it('keeps the page size in the URL and asks the server for it', async () => {
    const calls = serveList(120, [summary(1)]);
    renderApp({ path: '/sc/service-portfolio?page=2', user: PEOPLE.paula });
    await screen.findByRole('link', { name: 'Service 1' });
    fireEvent.change(await screen.findByLabelText('Rows per page'), { target: { value: '100' } });
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-portfolio?pageSize=100'));
    await waitFor(() =>
      expect(calls.at(-1)).toBe('/api/services?tab=application&sort=updatedAt&order=desc&page=1&pageSize=100'),
    );
  });
});

describe('my services', () => {
  it('tells someone without services why the list is empty and how to start one', async () => {
    serveList(0, []);
    renderApp({ path: '/sc/my-services', user: PEOPLE.alice });
    expect(await screen.findByText('You are not responsible for any service yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new application' })).toHaveAttribute(
      'href',
      '/sc/service-application',
    );
  });
});

describe('integration list', () => {
  it('asks the server for its ranking and offers no sorting', async () => {
    const calls = serveList(1, [summary(1)]);
    renderApp({ path: '/sc/service-integration-list', user: PEOPLE.paula });
    await screen.findByRole('link', { name: 'Service 1' });
    expect(calls.at(-1)).toBe('/api/integration-list?page=1&pageSize=50');
    expect(screen.queryByRole('button', { name: /Score/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/integration-list/export.csv',
    );
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    await waitFor(() => expect(currentLocation()).toBe('/sc/service-integration-list?scope=all'));
    await waitFor(() => expect(calls.at(-1)).toBe('/api/integration-list?scope=all&page=1&pageSize=50'));
  });
});
