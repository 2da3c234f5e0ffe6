import { eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { institutions, users } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('user accounts', () => {
  const env = useTestApp();
  let institutionId: string;
  const get = (user: string | null, url: string, query: Record<string, string> = {}) =>
    env.test.app.inject({ method: 'GET', url, query, headers: env.as(user) });
  const putRoles = (user: string | null, id: string, payload: unknown) =>
    env.test.app.inject({
      method: 'PUT',
      url: `/api/user-accounts/${id}/roles`,
      payload: payload as object,
      headers: env.as(user),
    });
  const usernames = (response: { json(): { items: { username: string }[] } }) =>
    response.json().items.map((u) => u.username);

  beforeAll(async () => {
    const [north] = await env.test.database.db
      .insert(institutions)
      .values({ abbreviation: 'NORTH', name: 'HPC North' })
      .returning();
    institutionId = north!.id;
    await env.test.database.db
      .update(users)
      .set({
        institutionId,
        internalId: 'alice@idp.example',
        organisation: 'hpc-north.example',
        entitlementRoles: ['voManager'],
        groups: [{ id: 'urn:group:hpc', name: 'HPC users' }],
        lastLoginAt: new Date('2026-03-04T10:15:00Z'),
      })
      .where(eq(users.username, 'alice'));
  });

  it('lists accounts with search, role (given or from the IdP) and institution filters, sorted and paged', async () => {
    const all = await get('carla', '/api/user-accounts');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(Object.keys(env.people).length);
    expect(usernames(await get('desk', '/api/user-accounts', { q: 'ADLER' }))).toEqual(['alice']);
    expect(usernames(await get('desk', '/api/user-accounts', { q: 'bob@datacenter' }))).toEqual(['bob']);
    expect(usernames(await get('desk', '/api/user-accounts', { role: 'serviceProvider' }))).toEqual(['alice', 'bob']);
    expect(usernames(await get('desk', '/api/user-accounts', { role: 'voManager' }))).toEqual(['alice', 'victor']);
    expect(usernames(await get('desk', '/api/user-accounts', { institution: institutionId }))).toEqual(['alice']);
    const page = await get('admin', '/api/user-accounts', {
      sort: 'username',
      order: 'desc',
      pageSize: '2',
      page: '2',
    });
    expect(page.json()).toMatchObject({ page: 2, pageSize: 2, total: Object.keys(env.people).length });
    expect(usernames(page)).toEqual(['rita', 'paula']);
    const alice = (await get('desk', '/api/user-accounts', { q: 'alice' })).json().items[0];
    expect(alice).toEqual({
      id: env.person('alice').id,
      username: 'alice',
      fullname: 'Alice Adler',
      email: 'alice@hpc-north.example',
      institution: { id: institutionId, abbreviation: 'NORTH', name: 'HPC North' },
      roles: ['serviceProvider'],
      entitlementRoles: ['voManager'],
      lastLoginAt: '2026-03-04T10:15:00.000Z',
      goneAt: null,
    });
  });

  it('refuses bad filters (400), other roles (403) and anonymous callers (401)', async () => {
    const bad = await get('carla', '/api/user-accounts', { role: 'emperor', institution: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['institution', 'role']);
    expect((await get(null, '/api/user-accounts')).statusCode).toBe(401);
    expect((await get('alice', '/api/user-accounts')).statusCode).toBe(403);
    expect((await get('nora', '/api/user-accounts')).statusCode).toBe(403);
    expect((await get('alice', `/api/user-accounts/${env.person('bob').id}`)).statusCode).toBe(403);
    expect((await get('carla', `/api/user-accounts/${MISSING}`)).statusCode).toBe(404);
    expect((await get('carla', '/api/user-accounts/not-a-uuid')).statusCode).toBe(400);
  });

  it('shows the details: internal ID, institution, both kinds of roles apart, groups, last login', async () => {
    const response = await get('carla', `/api/user-accounts/${env.person('alice').id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'alice',
      internalId: 'alice@idp.example',
      organisation: 'hpc-north.example',
      roles: ['serviceProvider'],
      entitlementRoles: ['voManager'],
      groups: [{ id: 'urn:group:hpc', name: 'HPC users' }],
      lastLoginAt: '2026-03-04T10:15:00.000Z',
      canManageRoles: false,
    });
    expect((await get('admin', `/api/user-accounts/${env.person('alice').id}`)).json().canManageRoles).toBe(true);
  });

  it('only the portal manager changes roles; unknown roles 400, stale 409, missing 404', async () => {
    const nora = env.person('nora').id;
    expect((await putRoles(null, nora, { roles: [], expected: [] })).statusCode).toBe(401);
    expect((await putRoles('alice', nora, { roles: ['serviceProvider'], expected: [] })).statusCode).toBe(403);
    expect((await putRoles('nora', nora, { roles: ['portalManager'], expected: [] })).statusCode).toBe(403);
    expect((await putRoles('carla', nora, { roles: ['serviceProvider'], expected: [] })).statusCode).toBe(403);
    expect((await putRoles('admin', MISSING, { roles: [], expected: [] })).statusCode).toBe(404);
    const unknown = await putRoles('admin', nora, { roles: ['emperor'], expected: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty(['roles.0']);
    const stale = await putRoles('admin', nora, { roles: ['serviceProvider'], expected: ['contactManager'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('conflict');
    const admin = await putRoles('admin', env.person('admin').id, { roles: [], expected: ['portalManager'] });
    expect(admin.statusCode).toBe(400);
    const [row] = await env.test.database.db.select().from(users).where(eq(users.id, nora));
    expect(row!.roles).toEqual([]);
  });

  it('gives a role that counts on the very next request of the user, with an audit event', async () => {
    const nora = env.person('nora');
    // Nora's principal is cached now, without the role.
    expect((await get('nora', '/api/services')).statusCode).toBe(403);
    const saved = await putRoles('admin', nora.id, { roles: ['serviceProvider'], expected: [] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ roles: ['serviceProvider'], entitlementRoles: [] });
    expect((await get('nora', '/api/services')).statusCode).toBe(200);

    const [event] = saved.json().events;
    expect(event).toMatchObject({
      action: 'user.roles.updated',
      actor: 'Portal Administrator',
      as: 'object',
      objectType: 'user',
      objectId: nora.id,
      changes: [{ field: 'roles', before: [], after: ['serviceProvider'] }],
    });
    const adminEvents = (await get('desk', `/api/user-accounts/${env.person('admin').id}`)).json().events;
    expect(adminEvents[0]).toMatchObject({ action: 'user.roles.updated', as: 'actor', objectId: nora.id });

    // The same roles again: nothing written, no second event.
    const again = await putRoles('admin', nora.id, { roles: ['serviceProvider'], expected: ['serviceProvider'] });
    expect(again.statusCode).toBe(200);
    expect(again.json().events).toHaveLength(1);

    // Taking it away counts at once too.
    await putRoles('admin', nora.id, { roles: [], expected: ['serviceProvider'] });
    expect((await get('nora', '/api/services')).statusCode).toBe(403);
  });
});
