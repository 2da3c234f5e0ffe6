import { can, isPermission, PERMISSIONS } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  createTestApp,
  fromPortalPages,
  seedPrincipals,
  testConfig,
  type TestApp,
  type TestPrincipal,
} from '../test/harness.js';

describe('declared access of routes', () => {
  let test: TestApp;
  let principals: TestPrincipal[];

  beforeAll(async () => {
    test = await createTestApp();
    principals = await seedPrincipals(test);
  });
  afterAll(() => test.close());

  it('every registered route declares a known permission or public', () => {
    expect(test.app.routeRegistry.length).toBeGreaterThan(5);
    for (const route of test.app.routeRegistry) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      expect(route.access === 'public' || isPermission(route.access), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('refuses to start with a route that declares nothing', async () => {
    const app = await buildApp(testConfig(), test.database);
    app.get('/api/undeclared', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/declares no access/);
    await app.close().catch(() => undefined);
  });

  it('authorization matrix: every API route as anonymous and as each demo principal', async () => {
    const apiRoutes = test.app.routeRegistry
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      // A logout ends the principals' sessions: it goes last.
      .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    expect(apiRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'GET /api/users/:username',
        'POST /api/login-renew',
        // Sessions the server keeps (docs/adr/0078-sessions-the-server-ends.md)
        'POST /api/logout',
        'GET /api/session',
        'GET /api/sessions',
        'DELETE /api/sessions/:id',
        'DELETE /api/user-accounts/:id/sessions',
        'GET /api/resource-types',
        'POST /api/resource-types',
        'PATCH /api/resource-types/:id',
        'DELETE /api/resource-types/:id',
        'GET /api/institutions',
        'POST /api/institutions',
        'PATCH /api/institutions/:id',
        'DELETE /api/institutions/:id',
        'POST /api/institutions/:id/logo',
        'GET /api/institutions/:id/logo',
        'GET /api/public/resource-packages',
        'GET /api/services/:id/resource-packages',
        'POST /api/services/:id/resource-packages',
        'GET /api/services/:id/resource-packages/:packageId',
        'PATCH /api/services/:id/resource-packages/:packageId',
        'DELETE /api/services/:id/resource-packages/:packageId',
        'POST /api/services/:id/resource-packages/:packageId/transitions',
        'GET /api/services/:id/resource-packages/:packageId/history',
        'GET /api/resource-packages/review-list',
        'GET /api/user-accounts',
        'GET /api/user-accounts/:id',
        'PUT /api/user-accounts/:id/roles',
        // Contacts (routes/contacts.ts)
        'GET /api/contacts',
        'GET /api/contacts/export.csv',
        'GET /api/contacts/export.json',
        'GET /api/contacts/:id/history',
        'GET /api/contacts/:id',
        'POST /api/contacts',
        'PATCH /api/contacts/:id',
        'DELETE /api/contacts/:id',
        'POST /api/contacts/:id/relations',
        'DELETE /api/contacts/:id/relations/:relationId',
        'GET /api/contacts/:id/data',
        'POST /api/contacts/:id/erase',
        'GET /api/services/:id/contacts',
        'GET /api/contacts/service-targets',
        // Admin panel sections
        'GET /api/audit-events',
        'POST /api/mail/outbox/:id/retry',
        'POST /api/mail/outbox/:id/discard',
        'GET /api/weighting-settings',
        'PUT /api/weighting-settings/:key',
        'GET /api/entitlement-roles',
        'POST /api/entitlement-roles',
        'PATCH /api/entitlement-roles/:id',
        'DELETE /api/entitlement-roles/:id',
        'GET /api/vo-name-prefixes',
        'POST /api/vo-name-prefixes',
        'DELETE /api/vo-name-prefixes/:id',
        // Saved views and the portfolio tabs' counts (docs/adr/0044-saved-views.md)
        'GET /api/saved-views',
        'POST /api/saved-views',
        'PATCH /api/saved-views/:id',
        'DELETE /api/saved-views/:id',
        'GET /api/services/tab-counts',
        'GET /api/integration-list/export.csv',
        'GET /api/integration-list/export.json',
        // Every list's exports (http/list-export.ts)
        'GET /api/services/export.json',
        'GET /api/vos/export.csv',
        'GET /api/vos/export.json',
        'GET /api/institutions/export.csv',
        'GET /api/institutions/export.json',
        'GET /api/institutions/:id/history',
        'GET /api/user-accounts/export.csv',
        'GET /api/user-accounts/export.json',
        'GET /api/reviews/export.csv',
        'GET /api/reviews/export.json',
        'GET /api/change-requests/export.csv',
        'GET /api/change-requests/export.json',
        'GET /api/resource-packages/review-list/export.csv',
        'GET /api/resource-packages/review-list/export.json',
        'GET /api/role-counts',
        // VO registration (routes/vos.ts)
        'GET /api/vos',
        'POST /api/vos',
        'GET /api/vos/name-check',
        'GET /api/vo-settings',
        'GET /api/vos/service-options',
        'GET /api/vos/user-options',
        'GET /api/vos/:id',
        'PATCH /api/vos/:id',
        'POST /api/vos/:id/transitions',
        'GET /api/vos/:id/history',
        // The home dashboard (routes/dashboard.ts)
        'GET /api/dashboard',
        // Operations (docs/adr/0052-readiness-metrics-and-shutdown.md): public to the guard; the metrics
        // decide by address or portalManager themselves (routes/metrics.test.ts denies the rest with 404)
        'GET /api/health/ready',
        'GET /api/metrics',
        // Personal API tokens (docs/adr/0113-personal-api-tokens.md)
        'GET /api/me/api-tokens',
        'POST /api/me/api-tokens',
        'DELETE /api/me/api-tokens/:id',
        'GET /api/api-tokens',
        'DELETE /api/api-tokens/:id',
        // Announced downtimes (docs/adr/0124-announced-downtimes.md)
        'GET /api/services/:id/downtimes',
        'POST /api/services/:id/downtimes',
        'POST /api/downtimes/:id/extension',
        'POST /api/downtimes/:id/end',
        'POST /api/downtimes/:id/cancellation',
        'PUT /api/services/:id/downtime-subscription',
        'DELETE /api/services/:id/downtime-subscription',
        'GET /api/public/downtimes.ics',
        'GET /api/public/services/:serviceId/downtimes.ics',
      ]),
    );
    for (const route of apiRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'matrix-probe');
      const payload = route.method === 'GET' ? undefined : {};
      // A public write (a login) as the web app sends it: from the portal's pages.
      const anonymous = await test.app.inject({
        method: route.method as 'GET',
        url,
        payload,
        headers: fromPortalPages,
      });
      const label = `${route.method} ${route.url}`;
      if (route.access === 'public') expect([401, 403], `${label} anonymous`).not.toContain(anonymous.statusCode);
      else expect(anonymous.statusCode, `${label} anonymous`).toBe(401);

      for (const principal of principals) {
        const response = await test.app.inject({
          method: route.method as 'GET',
          url,
          payload,
          headers: { authorization: `Bearer ${principal.token}` },
        });
        const allowed = can({ id: principal.id, username: principal.username, roles: principal.roles }, route.access!);
        if (allowed) expect([401, 403], `${label} as ${principal.username}`).not.toContain(response.statusCode);
        else expect(response.statusCode, `${label} as ${principal.username}`).toBe(403);
        expect(response.statusCode, `${label} as ${principal.username}`).toBeLessThan(500);
      }
    }
  });

  it('portalManager passes every permission; nora passes only authenticated ones', () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      const admin = principals.find((p) => p.username === 'admin')!;
      expect(can({ ...admin }, permission)).toBe(true);
      const nora = principals.find((p) => p.username === 'nora')!;
      expect(can({ ...nora }, permission)).toBe(PERMISSIONS[permission].audience === 'authenticated');
    }
  });
});
