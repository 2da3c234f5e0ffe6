import { isUuid } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { entitlementRoleMappings } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

export type EntitlementRoleRow = typeof entitlementRoleMappings.$inferSelect;
type EntitlementRoleSet = Pick<PgUpdateSetSource<typeof entitlementRoleMappings>, 'entitlement' | 'role'>;

const lockMapping = async (tx: Tx, id: string): Promise<EntitlementRoleRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(entitlementRoleMappings).where(eq(entitlementRoleMappings.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** One pair of the entitlement → role map as an object of the write pipeline (docs/adr/0036-admin-panel-sections.md). */
const ENTITLEMENT_ROLE_KIND: ObjectKind<EntitlementRoleRow, EntitlementRoleRow, EntitlementRoleSet, 'entitlementRole'> =
  {
    objectType: 'entitlementRole',
    lock: (tx, id) => lockMapping(tx, id),
    idOf: (row) => row.id,
    version: (row) => row.version,
    bump: async (tx, row, set) => {
      const [updated] = await tx
        .update(entitlementRoleMappings)
        .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
        .where(eq(entitlementRoleMappings.id, row.id))
        .returning();
      return updated!;
    },
    // Read at every login: nothing cached. Roles already given keep until the person's next login.
    effects: () => [],
  };

export const changeEntitlementRole = <T>(
  writes: Writes,
  request: ObjectWrite<EntitlementRoleRow, EntitlementRoleSet, 'entitlementRole', T>,
) => changeObject(writes, ENTITLEMENT_ROLE_KIND, request);
