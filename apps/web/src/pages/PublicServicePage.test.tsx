import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../test/fakeApi';
import { publicService, publicServiceDetail } from '../test/publicServices';
import { currentLocation, renderApp } from '../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

describe('public portfolio', () => {
  it('searches and filters both tables in the URL, pages them and links each name to its public page', async () => {
    const current = Array.from({ length: 60 }, (_, i) => publicService(i + 1));
    fakeApi({
      'GET /api/public/services': () => ({
        current,
        past: [
          publicService(99, { name: 'Old Wiki', state: 'service_retired', onlineUntil: '2026-02-01T10:00:00.000Z' }),
        ],
      }),
    });
    renderApp({ path: '/sc/public-service-portfolio' });
    const table = await screen.findByRole('table', { name: /^Services online now/ });
    expect(within(table).getByRole('link', { name: 'Service 1' })).toHaveAttribute(
      'href',
      '/sc/public-service-portfolio/SVC-00001',
    );
    // 60 services: paged, not one long page.
    expect(screen.getByText('Showing 1–50 of 60')).toBeInTheDocument();

    fireEvent.change(await screen.findByLabelText('Provider'), { target: { value: 'Datacenter South' } });
    await waitFor(() => expect(currentLocation()).toBe('/sc/public-service-portfolio?provider=Datacenter+South'));
    expect(await screen.findByText('30 services')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'service 12' } });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Service 12']),
    );
    const pastTable = screen.getByRole('table', { name: /^Services no longer offered/ });
    expect(
      within(pastTable.closest('.data-table')!).getByText('No service matches the search and filters.'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: '' } });
    await waitFor(() => expect(currentLocation()).toBe('/sc/public-service-portfolio'));
    expect(await screen.findByText('60 services')).toBeInTheDocument();
  });
});

describe('public portfolio rows and their place', () => {
  it('shows each service’s short description under its name, and lets the rows grow the page', async () => {
    fakeApi({
      'GET /api/public/services': () => ({
        current: [publicService(1), publicService(2, { shortDescription: '' })],
        past: [],
      }),
    });
    renderApp({ path: '/sc/public-service-portfolio' });
    const table = await screen.findByRole('table', { name: /^Services online now/ });
    const first = within(table).getByRole('link', { name: 'Service 1' }).closest('td')!;
    expect(within(first).getByText('What service 1 does')).toBeInTheDocument();
    const second = within(table).getByRole('link', { name: 'Service 2' }).closest('td')!;
    expect(second.querySelector('.public-service-summary')).toBeNull();
    // No box of its own that scrolls up and down and hides rows below its edge.
    expect(table.closest('.data-table-scroll')).toHaveAttribute('data-scroll', 'page');
  });

  it('draws the filters and both headings at once and holds the tables’ place while the portfolio loads', async () => {
    fakeApi({});
    const answered = vi.mocked(fetch);
    // The portfolio's answer never comes; every other call is answered as before.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/api/public/services') ? new Promise(() => undefined) : answered(input, init),
      ),
    );
    renderApp({ path: '/sc/public-service-portfolio' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Current services' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Past services' })).toBeInTheDocument();
    expect(screen.getByLabelText('Provider')).toBeInTheDocument();
    expect(
      screen.getAllByRole('status').filter((status) => status.classList.contains('public-table-skeleton')),
    ).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws provider and status as the other lists’ selects, with a chevron of their own', async () => {
    fakeApi({ 'GET /api/public/services': () => ({ current: [publicService(1)], past: [] }) });
    renderApp({ path: '/sc/public-service-portfolio' });
    for (const label of ['Provider', 'Status']) {
      const select = await screen.findByLabelText(label);
      expect(select.tagName).toBe('SELECT');
      expect(select.parentElement).toHaveClass('public-filter-select');
    }
  });
});

describe('a service’s public page', () => {
  it('shows the public fields as the server answers them, links and mail addresses as such', async () => {
    fakeApi({ 'GET /api/public/services/SVC-00003': () => publicServiceDetail() });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00003' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Object Storage' })).toBeInTheDocument();
    expect(screen.getByText('SVC-00003')).toBeInTheDocument();
    expect(screen.getByText('S3 for everyone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /https:\/\/storage\.example/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'help@storage.example' })).toHaveAttribute(
      'href',
      'mailto:help@storage.example',
    );
    expect(screen.getByRole('link', { name: 'Back to the service portfolio' })).toHaveAttribute(
      'href',
      '/sc/public-service-portfolio',
    );
    await waitFor(() => expect(document.title).toMatch(/^Object Storage/));
  });

  it('shows an offboarding service’s planned end and its successor, linked to that one’s page', async () => {
    fakeApi({
      'GET /api/public/services/SVC-00003': () =>
        publicServiceDetail({
          state: 'service_discontinued',
          retirement: {
            plannedEndOn: '2027-06-30',
            successor: { serviceId: 'SVC-00007', name: 'Object Storage Next' },
          },
        }),
    });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00003' });
    expect(await screen.findByText('This service is being retired')).toBeInTheDocument();
    expect(screen.getByText('30.6.2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Object Storage Next' })).toHaveAttribute(
      'href',
      '/sc/public-service-portfolio/SVC-00007',
    );
  });

  it('says so when the portfolio holds no such public service', async () => {
    fakeApi({ 'GET /api/public/services/SVC-00042': () => apiError(404, 'not_found', 'Not found.') });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00042' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(screen.getByText('The portfolio holds no service with this ID, or it is not public.')).toBeInTheDocument();
  });
});
