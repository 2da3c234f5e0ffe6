import { ROLES } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { bearer, createTestApp, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';

describe('users per role', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => principals.find((p) => p.username === name)!;

  beforeAll(async () => {
    test = await createTestApp();
    principals = await seedPrincipals(test);
    // A role both given and brought from the IdP counts the person once; one only from the IdP counts too.
    await test.database.db
      .update(users)
      .set({ entitlementRoles: ['contactManager', 'voSupervisor'] })
      .where(eq(users.username, 'carla'));
  });
  afterAll(() => test.close());

  it('counts every role, as the user accounts list filtered by it does', async () => {
    const answer = await test.app.inject({ url: '/api/role-counts', headers: bearer(as('admin').token) });
    expect(answer.statusCode).toBe(200);
    const items = answer.json().items as { role: string; users: number }[];
    expect(items.map((item) => item.role)).toEqual([...ROLES]);
    for (const { role, users: count } of items) {
      const list = await test.app.inject({
        url: `/api/user-accounts?role=${role}`,
        headers: bearer(as('admin').token),
      });
      expect(count, role).toBe(list.json().total);
    }
    expect(items.find((item) => item.role === 'voSupervisor')!.users).toBeGreaterThan(0);
  });

  it('is for the portal manager only', async () => {
    expect((await test.app.inject({ url: '/api/role-counts' })).statusCode).toBe(401);
    for (const user of ['carla', 'paula', 'nora'])
      expect((await test.app.inject({ url: '/api/role-counts', headers: bearer(as(user).token) })).statusCode).toBe(
        403,
      );
  });
});
