import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicService, PublicServiceDetail } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../test/fakeApi';
import { currentLocation, renderApp } from '../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const service = (n: number, overrides: Partial<PublicService> = {}): PublicService => ({
  serviceId: `SVC-${String(n).padStart(5, '0')}`,
  name: `Service ${n}`,
  provider: n % 2 === 0 ? 'Datacenter South' : 'HPC Centre North',
  providerLogo: null,
  state: 'service_online',
  onlineSince: '2026-01-05T10:00:00.000Z',
  onlineUntil: null,
  statusNotice: null,
  ...overrides,
});

const detail: PublicServiceDetail = {
  serviceId: 'SVC-00003',
  name: 'Object Storage',
  provider: 'HPC Centre North',
  providerLogo: null,
  state: 'service_online',
  onlineSince: '2026-01-05T10:00:00.000Z',
  onlineUntil: null,
  statusNotice: null,
  fields: [
    { key: 'shortDescription', label: 'Short description', kind: 'text', values: ['S3 for everyone'] },
    { key: 'website', label: 'Website', kind: 'url', values: ['https://storage.example'] },
    { key: 'supportEmail', label: 'Support e-mail', kind: 'email', values: ['help@storage.example'] },
  ],
};

describe('public portfolio', () => {
  it('searches and filters both tables in the URL, pages them and links each name to its public page', async () => {
    const current = Array.from({ length: 60 }, (_, i) => service(i + 1));
    fakeApi({
      'GET /api/public/services': () => ({
        current,
        past: [service(99, { name: 'Old Wiki', state: 'service_retired', onlineUntil: '2026-02-01T10:00:00.000Z' })],
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

describe('a service’s public page', () => {
  it('shows the public fields as the server answers them, links and mail addresses as such', async () => {
    fakeApi({ 'GET /api/public/services/SVC-00003': () => detail });
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

  it('says so when the portfolio holds no such public service', async () => {
    fakeApi({ 'GET /api/public/services/SVC-00042': () => apiError(404, 'not_found', 'Not found.') });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00042' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(screen.getByText('The portfolio holds no service with this ID, or it is not public.')).toBeInTheDocument();
  });
});
