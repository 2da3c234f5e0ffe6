import type { CreateEntitlementRole, Role, UpdateEntitlementRole } from '@nubes/domain';
import { count, eq } from 'drizzle-orm';
import { actorOf, SYSTEM_ACTOR } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { entitlementRoleMappings } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { invalidInput } from '../http/http-error.js';
import { changeEntitlementRole, type EntitlementRoleRow } from '../writes/row-writes.js';
import { changesOf } from '../writes/changes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const taken = () => invalidInput(undefined, { entitlement: 'adminSections.entitlements.taken' });

/** A new pair; an entitlement mapped already answers 400 on `entitlement`. */
export const createEntitlementRole = (
  writes: Writes,
  principal: AuthUser,
  input: CreateEntitlementRole,
): Promise<EntitlementRoleRow> =>
  refuseDuplicates(
    runWrite(writes, actorOf(principal), async (tx) => {
      const [row] = await tx.insert(entitlementRoleMappings).values(input).returning();
      return {
        value: row!,
        events: [
          {
            action: 'entitlementRole.created',
            objectType: 'entitlementRole',
            objectId: row!.id,
            after: { entitlement: row!.entitlement, role: input.role },
          },
        ],
      };
    }),
    taken,
  );

export const updateEntitlementRole = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, ...input }: UpdateEntitlementRole,
): Promise<EntitlementRoleRow> => {
  const changed = changeEntitlementRole(writes, {
    id,
    principal,
    version,
    change: async (_tx, row) => {
      const changes = changesOf(row, input);
      if (!changes) return { events: [] };
      return { set: changes.after, events: [{ action: 'entitlementRole.updated', ...changes }] };
    },
  });
  return (await refuseDuplicates(changed, taken)).object;
};

export const deleteEntitlementRole = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<void> => {
  await changeEntitlementRole(writes, {
    id,
    principal,
    version,
    change: async (tx, row) => {
      await tx.delete(entitlementRoleMappings).where(eq(entitlementRoleMappings.id, row.id));
      return {
        events: [{ action: 'entitlementRole.deleted', before: { entitlement: row.entitlement, role: row.role } }],
      };
    },
  });
};

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
