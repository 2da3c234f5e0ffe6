import { ROLES } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('users per role', () => {
  const env = useTestApp();

  beforeAll(async () => {
    // A role both given and brought from the IdP counts the person once; one only from the IdP counts too.
    await env.test.database.db
      .update(users)
      .set({ entitlementRoles: ['contactManager', 'voSupervisor'] })
      .where(eq(users.username, 'carla'));
  });

  it('counts every role, as the user accounts list filtered by it does', async () => {
    const answer = await env.test.app.inject({ url: '/api/role-counts', headers: env.as('admin') });
    expect(answer.statusCode).toBe(200);
    const items = answer.json().items as { role: string; users: number }[];
    expect(items.map((item) => item.role)).toEqual([...ROLES]);
    for (const { role, users: count } of items) {
      const list = await env.test.app.inject({
        url: `/api/user-accounts?role=${role}`,
        headers: env.as('admin'),
      });
      expect(count, role).toBe(list.json().total);
    }
    expect(items.find((item) => item.role === 'voSupervisor')!.users).toBeGreaterThan(0);
  });

  it('is for the portal manager only', async () => {
    expect((await env.test.app.inject({ url: '/api/role-counts' })).statusCode).toBe(401);
    for (const user of ['carla', 'paula', 'nora'])
      expect((await env.test.app.inject({ url: '/api/role-counts', headers: env.as(user) })).statusCode).toBe(403);
  });
});
