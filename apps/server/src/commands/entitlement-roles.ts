import type { CreateEntitlementRole, Role, UpdateEntitlementRole } from '@nubes/domain';
import { count } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { entitlementRoleMappings } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';
import { entitlementRoleRows, type EntitlementRoleRow } from '../writes/row-writes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const taken = () => invalidInput(undefined, { entitlement: 'adminSections.entitlements.taken' });

/** A new pair; an entitlement mapped already answers 400 on `entitlement`. */
export const createEntitlementRole = (
  writes: Writes,
  principal: AuthUser,
  input: CreateEntitlementRole,
): Promise<EntitlementRoleRow> =>
  entitlementRoleRows.create(writes, principal, input, {
    event: (row) => ({ action: 'entitlementRole.created', after: { entitlement: row.entitlement, role: input.role } }),
    duplicate: taken,
  });

export const updateEntitlementRole = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, ...input }: UpdateEntitlementRole,
): Promise<EntitlementRoleRow> =>
  entitlementRoleRows.update(writes, principal, id, version, input, {
    action: 'entitlementRole.updated',
    duplicate: taken,
  });

export const deleteEntitlementRole = (writes: Writes, principal: AuthUser, id: string, version: number) =>
  entitlementRoleRows.remove(writes, principal, id, version, (_tx, row) => ({
    action: 'entitlementRole.deleted',
    before: { entitlement: row.entitlement, role: row.role },
  }));

/**
 * OIDC_ENTITLEMENT_ROLES seeds the map when the table is empty at start: the variable is where an
 * installation began, the table is where the portal manager keeps it since. An emptied table is
 * seeded again at the next start while the variable is set (docs/adr/0036-admin-panel-sections.md).
 * Instances starting together insert each entitlement once (the unique index; the loser's insert
 * does nothing).
 */
export const seedEntitlementRoles = async (writes: Writes, map: Readonly<Record<string, Role>>): Promise<number> => {
  const pairs = Object.entries(map);
  if (pairs.length === 0) return 0;
  return runWrite(writes, SYSTEM_ACTOR, async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(entitlementRoleMappings);
    if ((existing?.value ?? 0) > 0) return { value: 0, events: [] };
    const rows = await tx
      .insert(entitlementRoleMappings)
      .values(pairs.map(([entitlement, role]) => ({ entitlement, role })))
      .onConflictDoNothing()
      .returning();
    return {
      value: rows.length,
      events: rows.map((row) => ({
        action: 'entitlementRole.created' as const,
        objectType: 'entitlementRole' as const,
        objectId: row.id,
        after: { entitlement: row.entitlement, role: row.role, source: 'environment' as const },
      })),
    };
  });
};
