import type { ServiceDetail } from '@nubes/domain';
import { serviceDetail } from '../test/serviceDetail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PEOPLE, renderApp } from '../test/renderApp';

const ID = 'c0a80101-0000-4000-8000-000000000007';

const detail = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({ id: ID, serviceId: 'SVC-00077', name: 'Object Storage', version: 2, ...overrides });

/**
 * The service's GET answers; every write is recorded and refused, so none may happen unseen.
 * `slowly` answers GETs of other paths after a while, as a busy server may.
 */
const fakeApi = (service: ServiceDetail, slowly: Record<string, unknown> = {}) => {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${url.pathname}`);
      if (method === 'GET' && url.pathname in slowly) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return Response.json(slowly[url.pathname]);
      }
      const found = method === 'GET' && url.pathname === `/api/services/${ID}`;
      const body = found
        ? service
        : url.pathname.endsWith('/history')
          ? { items: [], nextCursor: null }
          : { error: 'not_found' };
      return new Response(JSON.stringify(body), {
        status: found || url.pathname.endsWith('/history') ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return writes;
};

describe('single service page', () => {
  it('shows the provider institution with its logo in the header, and the name alone without one', async () => {
    const provider = { id: 'c0a80101-0000-4000-8000-0000000000aa', abbreviation: 'HPCN', name: 'HPC Centre North' };
    const logo = `/api/institutions/${provider.id}/logo?v=4`;
    fakeApi(detail({ providerInstitution: provider, providerLogo: logo }));
    const first = renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('img', { name: 'Logo of HPC Centre North' })).toHaveAttribute('src', logo);
    first.unmount();

    fakeApi(detail({ providerInstitution: provider, providerLogo: null }));
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Object Storage' })).toBeInTheDocument();
    expect(screen.getAllByText('HPC Centre North').length).toBeGreaterThan(0);
    expect(screen.queryByRole('img', { name: /Logo of/ })).not.toBeInTheDocument();
  });

  it('shows the header whole: a next review date that comes later than the service is there with the name', async () => {
    fakeApi(detail({ state: 'service_online', actions: ['notAvailable'] }), {
      [`/api/services/${ID}/review`]: {
        serviceId: ID,
        reviewable: true,
        actions: [],
        review: {
          status: 'inactive',
          version: 1,
          startedAt: null,
          startedBy: null,
          answeredAt: null,
          answeredBy: null,
          lastOutcome: null,
          endedAt: null,
        },
        nextReview: { date: '2027-09-08T00:00:00.000Z', setByManager: false, version: 1 },
      },
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.paula });
    await screen.findByRole('heading', { level: 1, name: 'Object Storage' });
    // Read at once, not waited for: the line must not arrive after the header, moving the steps down.
    expect(screen.getByText(/^Next review:/)).toHaveTextContent('Next review: 8.9.2027');
  });

  it('asks before withdrawing the application; Cancel sends nothing', async () => {
    const writes = fakeApi(detail());
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    fireEvent.click(within(steps).getByRole('button', { name: 'Withdraw application' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to withdraw the application?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);
  });

  it('asks before discontinuing a service', async () => {
    const writes = fakeApi(
      detail({ state: 'service_online', actions: ['notAvailable', 'fullCapacityReached', 'discontinue'] }),
    );
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.paula });
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    fireEvent.click(within(steps).getByRole('button', { name: 'Discontinue' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Do you really want to discontinue the service?');
    expect(writes).toEqual([]);
  });

  it('names the service and the open tab in the document title', async () => {
    fakeApi(detail());
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    await screen.findByRole('heading', { level: 1, name: 'Object Storage' });
    await waitFor(() => expect(document.title).toBe('Object Storage – Manage status – Nubes'));
  });

  it('names the service on its application edit page', async () => {
    fakeApi(detail());
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    await waitFor(() => expect(document.title).toBe('Object Storage – Edit Service Application – Nubes'));
  });
});
