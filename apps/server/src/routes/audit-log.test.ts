import { eq, inArray } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, changeRequests, resourcePackages, resourceTypes } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';
import { createServiceInState } from '../test/services-fixtures.js';

describe('the audit log', () => {
  const env = useTestApp();
  const get = (user: string | null, query: Record<string, string> = {}) =>
    env.test.app.inject({ method: 'GET', url: '/api/audit-events', query, headers: env.as(user) });
  const actions = (response: { json(): { items: { action: string }[] } }) =>
    response.json().items.map((event) => event.action);

  beforeAll(async () => {
    // Start from a known log: what seeding the principals wrote is not this test's concern.
    await env.test.database.db.delete(auditEvents);
    await env.test.database.db.insert(auditEvents).values([
      {
        actorId: env.person('alice').id,
        actorName: 'Alice Adler',
        // 23:30 UTC on 1 March is already 2 March in Berlin.
        at: new Date('2026-03-01T23:30:00Z'),
        objectType: 'keyword',
        objectId: 'k-1',
        action: 'keyword.created',
        after: { name: 'HPC' },
      },
      {
        actorId: env.person('admin').id,
        actorName: 'Admin',
        at: new Date('2026-03-03T10:00:00Z'),
        objectType: 'user',
        objectId: env.person('nora').id,
        action: 'user.roles.updated',
        before: { roles: [] },
        after: { roles: ['serviceProvider'] },
      },
      {
        actorId: env.person('alice').id,
        actorName: 'Alice Adler',
        at: new Date('2026-03-05T08:00:00Z'),
        objectType: 'session',
        objectId: 'alice',
        action: 'login.failed',
        after: { ip: '127.0.0.1' },
      },
    ]);
  });

  it('lists every event newest first, with its actor, object and changes in words', async () => {
    const all = await get('admin');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(actions(all)).toEqual(['login.failed', 'user.roles.updated', 'keyword.created']);
    // The actor by the name the account has now, not the one stored with the event.
    expect(all.json().items[1]).toMatchObject({
      actor: 'Portal Administrator',
      actorId: env.person('admin').id,
      objectType: 'user',
      objectId: env.person('nora').id,
      // The object by the name it has now; a keyword's made-up id names nothing.
      objectName: expect.stringMatching(/\S/),
      objectLink: `/cd/user-accounts?user=${env.person('nora').id}`,
      changes: [{ field: 'roles', before: [], after: ['serviceProvider'] }],
    });
    expect(all.json().items[2]).toMatchObject({ objectId: 'k-1', objectName: null, objectLink: null });
  });

  it('names the service a change request refers to, and leads to a change request and a package under their service', async () => {
    const { db } = env.test.database;
    const service = await createServiceInState(db, {
      objectOwnerId: env.person('alice').id,
      name: 'Cold Storage',
      fields: {},
    });
    const [request] = await db.insert(changeRequests).values({ serviceId: service.id }).returning();
    const name = { en: 'Compute', de: 'Rechnen' };
    const [type] = await db
      .insert(resourceTypes)
      .values({ key: 'audit-compute', name, description: name, quotaUnit: name, schema: { type: 'object' } })
      .returning();
    const [pkg] = await db
      .insert(resourcePackages)
      .values({
        serviceId: service.id,
        typeId: type!.id,
        name: 'Small project',
        quota: 8,
        policyNames: ['small'],
        policy: {},
      })
      .returning();
    const rows = await db
      .insert(auditEvents)
      .values([
        {
          actorId: env.person('alice').id,
          actorName: 'Alice Adler',
          at: new Date('2026-02-01T10:00:00Z'),
          objectType: 'changeRequest',
          objectId: request!.id,
          action: 'changeRequest.created',
          after: { serviceId: service.id, fromIntegrationManager: false, fields: { costs: 'free' } },
        },
        {
          actorId: env.person('alice').id,
          actorName: 'Alice Adler',
          at: new Date('2026-02-01T11:00:00Z'),
          objectType: 'resourcePackage',
          objectId: pkg!.id,
          action: 'resourcePackage.created',
          after: { name: 'Small project' },
        },
      ])
      .returning();
    try {
      const [created] = (await get('admin', { action: 'changeRequest.created' })).json().items;
      expect(created.changes).toContainEqual({ field: 'serviceId', before: null, after: 'Cold Storage' });
      // The change request by its service's name, and the service's change requests as its screen.
      expect(created).toMatchObject({
        objectName: 'Cold Storage',
        objectLink: `/sc/service/${service.id}?tab=changeRequests`,
      });
      const [packaged] = (await get('admin', { objectType: 'resourcePackage', objectId: pkg!.id })).json().items;
      expect(packaged).toMatchObject({
        objectName: 'Small project',
        objectLink: `/sc/service/${service.id}/policy/${pkg!.id}`,
      });
      // Once the package is gone, its event has neither a name nor a screen.
      await db.delete(resourcePackages).where(eq(resourcePackages.id, pkg!.id));
      const [gone] = (await get('admin', { objectType: 'resourcePackage', objectId: pkg!.id })).json().items;
      expect(gone).toMatchObject({ objectName: null, objectLink: null });
    } finally {
      await db.delete(auditEvents).where(
        inArray(
          auditEvents.id,
          rows.map((row) => row.id),
        ),
      );
      await db.delete(resourcePackages).where(eq(resourcePackages.id, pkg!.id));
      await db.delete(changeRequests).where(eq(changeRequests.id, request!.id));
    }
  });

  it('filters by who, what, object and days in the alliance time zone, and pages', async () => {
    expect(actions(await get('admin', { actor: env.person('alice').id }))).toEqual(['login.failed', 'keyword.created']);
    expect(actions(await get('admin', { action: 'keyword.created' }))).toEqual(['keyword.created']);
    expect(actions(await get('admin', { objectType: 'user', objectId: env.person('nora').id }))).toEqual([
      'user.roles.updated',
    ]);
    expect(actions(await get('admin', { from: '2026-03-02', to: '2026-03-03' }))).toEqual([
      'user.roles.updated',
      'keyword.created',
    ]);
    expect(actions(await get('admin', { to: '2026-03-01' }))).toEqual([]);
    const second = await get('admin', { pageSize: '2', page: '2' });
    expect(second.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(actions(second)).toEqual(['keyword.created']);
  });

  it('walks the log after the cursor of each page, both ways and filtered, never with a page number', async () => {
    const walk = async (query: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 10; pages += 1) {
        const response = await get('admin', { ...query, pageSize: '1', ...(cursor ? { cursor } : {}) });
        expect(response.statusCode).toBe(200);
        seen.push(...actions(response));
        cursor = response.json<{ nextCursor: string | null }>().nextCursor;
        if (!cursor) break;
      }
      return seen;
    };
    expect(await walk({})).toEqual(['login.failed', 'user.roles.updated', 'keyword.created']);
    expect(await walk({ order: 'asc' })).toEqual(['keyword.created', 'user.roles.updated', 'login.failed']);
    expect(await walk({ actor: env.person('alice').id })).toEqual(['login.failed', 'keyword.created']);
    expect((await get('admin')).json()).toMatchObject({ total: 3, nextCursor: null });

    const cursor = (await get('admin', { pageSize: '1' })).json<{ nextCursor: string }>().nextCursor;
    const both = await get('admin', { cursor, page: '2' });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ page: 'A page number cannot be combined with a link to the next page' });
    const bad = await get('admin', { cursor: 'made-up' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      cursor: 'This link to the next page is not valid. Please load the list again.',
    });
    expect((await get('admin', { pageSize: '101' })).statusCode).toBe(400);
    expect((await get(null, { cursor })).statusCode).toBe(401);
    expect((await get('paula', { cursor })).statusCode).toBe(403);
  });

  it('refuses bad filters with 400 in the caller’s language', async () => {
    const bad = await get('admin', { actor: 'someone', action: 'coffee.made', objectType: 'cup', from: '1.3.2026' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['action', 'actor', 'from', 'objectType']);
    const reversed = await env.test.app.inject({
      method: 'GET',
      url: '/api/audit-events',
      query: { from: '2026-03-05', to: '2026-03-01' },
      headers: { ...env.as('admin'), 'accept-language': 'de' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ to: 'Das Ende liegt vor dem Anfang' });
  });

  it('is for the portal manager only: 401 without a session, 403 for every other role', async () => {
    expect((await get(null)).statusCode).toBe(401);
    for (const user of ['carla', 'desk', 'paula', 'alice', 'nora']) expect((await get(user)).statusCode).toBe(403);
  });
});
