import { ROLES, type RoleCount } from '@nubes/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * Every role with the number of users holding it, given or mapped from the IdP: the same rule as the
 * user accounts' role filter (queries/user-accounts.ts), so a count matches the list its link opens.
 */
export const countUsersPerRole = async (db: Db): Promise<RoleCount[]> => {
  const result = await db.execute(
    sql`select held.role, count(*)::int as users
        from ${users}, lateral (select distinct unnest(${users.roles} || ${users.entitlementRoles}) as role) held
        group by held.role`,
  );
  const { rows } = result as unknown as { rows: { role: string; users: number }[] };
  const counts = new Map(rows.map((row) => [row.role, Number(row.users)]));
  return ROLES.map((role) => ({ role, users: counts.get(role) ?? 0 }));
};
