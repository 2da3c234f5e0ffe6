import type { ServiceDetail } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PEOPLE, renderApp } from '../test/renderApp';

// Mantine's autosizing textarea listens to font loading, which jsdom lacks.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const ID = 'c0a80101-0000-4000-8000-000000000007';

const detail = (overrides: Partial<ServiceDetail> = {}): ServiceDetail => ({
  id: ID,
  serviceId: 'SVC-00077',
  name: 'Object Storage',
  state: 'application_draft',
  version: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  providerInstitution: null,
  fields: {},
  keywords: [],
  weighting: {},
  score: 0,
  serviceType: 'uncategorised',
  documentsActive: false,
  onlineSince: null,
  onlineUntil: null,
  roles: { objectOwner: null, serviceOwner: null, serviceManager: null, providerManager: null, admins: [] },
  roleChanges: [],
  permissions: {
    edit: true,
    editObjectOwner: false,
    assignRoles: true,
    manageAdmins: true,
    requestRoleChange: false,
    decideRoleChange: false,
    activateDocuments: false,
    manageDocuments: true,
    comment: true,
  },
  actions: ['completeApplication', 'withdrawApplication'],
  refs: { users: {}, institutions: {} },
  ...overrides,
});

/** The service's GET answers; every write is recorded and refused, so none may happen unseen. */
const fakeApi = (service: ServiceDetail) => {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${url.pathname}`);
      const found = method === 'GET' && url.pathname === `/api/services/${ID}`;
      const body = found ? service : url.pathname.endsWith('/history') ? { items: [] } : { error: 'not_found' };
      return new Response(JSON.stringify(body), {
        status: found || url.pathname.endsWith('/history') ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return writes;
};

describe('single service page', () => {
  it('asks before withdrawing the application; Cancel sends nothing', async () => {
    const writes = fakeApi(detail());
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    const panel = await screen.findByRole('tabpanel');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Withdraw application' }));
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
    const panel = await screen.findByRole('tabpanel');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Discontinue' }));
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
