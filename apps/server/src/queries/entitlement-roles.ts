import type { Role } from '@nubes/domain';
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { entitlementRoleMappings } from '../db/schema.js';

export const listEntitlementRoles = (db: Db | Tx) =>
  db.select().from(entitlementRoleMappings).orderBy(asc(entitlementRoleMappings.entitlement));

/** The map as a single sign-on reads it: entitlement value → role. */
export const loadEntitlementMap = async (db: Db | Tx): Promise<Record<string, Role>> => {
  const map: Record<string, Role> = {};
  for (const row of await listEntitlementRoles(db)) map[row.entitlement] = row.role;
  return map;
};
