import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEntitlementRoles } from '../commands/entitlement-roles.js';
import { auditEvents, entitlementRoleMappings, users } from '../db/schema.js';
import { writesFor } from '../writes/after-commit.js';
import { bearer, createTestApp, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';
import { ssoLogin } from '../../../../scripts/lib/sso-browser.mjs';

// The dev IdP sends `<prefix><role>#<authority>` for each of an account's roles (dev-idp/accounts.ts).
const PAULA = 'urn:geant:nubes.example:role:servicePortfolioManager#aai.nubes.example';

describe('the entitlement → role map', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => principals.find((p) => p.username === name)!;
  const call = (user: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    test.app.inject({ method, url, payload: payload as object, headers: user ? bearer(as(user).token) : {} });
  const list = async () =>
    (await call('admin', 'GET', '/api/entitlement-roles')).json().items as {
      id: string;
      entitlement: string;
      role: string;
      version: number;
    }[];

  /** The roles Paula brings from the identity provider after a single sign-on through the dev IdP. */
  const paulaSignsIn = async (): Promise<string[]> => {
    const token = await ssoLogin(test.baseUrl, 'paula');
    // The test's own paula (seedPrincipals) holds the username; the one from the IdP is found by the token.
    const claims = await test.tokens.verify(token);
    const [user] = await test.database.db.select().from(users).where(eq(users.id, claims!.sub!));
    return user!.entitlementRoles;
  };

  beforeAll(async () => {
    // The variable seeds the empty table at start.
    test = await createTestApp({
      listen: true,
      env: { OIDC_ENTITLEMENT_ROLES: JSON.stringify({ [PAULA]: 'voSupervisor' }) },
    });
    principals = await seedPrincipals(test);
  });
  afterAll(() => test.close());

  it('is seeded from OIDC_ENTITLEMENT_ROLES when empty at start, and only then', async () => {
    expect((await list()).map(({ entitlement, role }) => ({ entitlement, role }))).toEqual([
      { entitlement: PAULA, role: 'voSupervisor' },
    ]);
    const [seeded] = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'entitlementRole.created'));
    expect(seeded).toMatchObject({ actorName: 'system', after: { source: 'environment', role: 'voSupervisor' } });
    // A second start with the table in use changes nothing.
    expect(await seedEntitlementRoles(writesFor(test.database), { 'urn:other': 'voManager' })).toBe(0);
    expect(await list()).toHaveLength(1);
  });

  it('is read at every login: a change counts from the next single sign-on', async () => {
    expect(await paulaSignsIn()).toEqual(['servicePortfolioManager', 'voSupervisor']);
    const [pair] = await list();
    const changed = await call('admin', 'PATCH', `/api/entitlement-roles/${pair!.id}`, {
      version: pair!.version,
      entitlement: PAULA,
      role: 'contactManager',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'contactManager', version: 2 });
    expect(await paulaSignsIn()).toEqual(['contactManager', 'servicePortfolioManager']);
    expect((await call('admin', 'DELETE', `/api/entitlement-roles/${pair!.id}?version=2`)).statusCode).toBe(204);
    expect(await paulaSignsIn()).toEqual(['servicePortfolioManager']);
    const actions = (await test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, pair!.id))).map(
      (event) => event.action,
    );
    expect(actions.sort()).toEqual(['entitlementRole.created', 'entitlementRole.deleted', 'entitlementRole.updated']);
  });

  it('adds pairs; a mapped entitlement, a blank one, spaces or an unknown role answer 400', async () => {
    const created = await call('admin', 'POST', '/api/entitlement-roles', {
      entitlement: 'urn:geant:example.org:group:vo-admins',
      role: 'voManager',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'voManager', version: 1 });
    const again = await call('admin', 'POST', '/api/entitlement-roles', {
      entitlement: 'urn:geant:example.org:group:vo-admins',
      role: 'voSupervisor',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ entitlement: 'This entitlement is already mapped to a role' });
    const bad = await call('admin', 'POST', '/api/entitlement-roles', { entitlement: 'a b', role: 'emperor' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['entitlement', 'role']);
    expect(
      (await call('admin', 'POST', '/api/entitlement-roles', { entitlement: ' ', role: 'voManager' })).statusCode,
    ).toBe(400);
  });

  it('answers 409 for a stale version and 404 for a pair that is gone', async () => {
    const [pair] = await list();
    const body = { version: pair!.version + 1, entitlement: pair!.entitlement, role: 'voManager' };
    expect((await call('admin', 'PATCH', `/api/entitlement-roles/${pair!.id}`, body)).statusCode).toBe(409);
    expect((await call('admin', 'DELETE', `/api/entitlement-roles/${pair!.id}?version=9`)).statusCode).toBe(409);
    const gone = '00000000-0000-4000-8000-000000000000';
    expect((await call('admin', 'DELETE', `/api/entitlement-roles/${gone}?version=1`)).statusCode).toBe(404);
    expect(await test.database.db.select().from(entitlementRoleMappings)).toHaveLength(1);
  });

  it('is for the portal manager only', async () => {
    expect((await call(null, 'GET', '/api/entitlement-roles')).statusCode).toBe(401);
    for (const user of ['carla', 'paula', 'nora'])
      expect(
        (await call(user, 'POST', '/api/entitlement-roles', { entitlement: 'urn:x', role: 'voManager' })).statusCode,
      ).toBe(403);
  });
});
