import { LOCKING_CHANGE_REQUEST_STATES } from '@nubes/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { changeRequestFields, changeRequests } from '../db/schema.js';
import type { ChangeRequestSnapshot } from '../model/change-request.js';

/** A service's change requests with their fields, newest first. */
export const loadServiceChangeRequests = async (db: Db, serviceId: string): Promise<ChangeRequestSnapshot[]> => {
  const rows = await db
    .select()
    .from(changeRequests)
    .where(eq(changeRequests.serviceId, serviceId))
    .orderBy(desc(changeRequests.createdAt), desc(changeRequests.id));
  if (rows.length === 0) return [];
  const fields = await db
    .select()
    .from(changeRequestFields)
    .where(
      inArray(
        changeRequestFields.changeRequestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(changeRequestFields.fieldKey));
  return rows.map((row) => ({ row, fields: fields.filter((f) => f.changeRequestId === row.id) }));
};

/**
 * The service's open change request that locks its information (handed in or released), or null:
 * one of the partial unique index's rows at most (db/schema.ts).
 */
export const loadLockingChangeRequest = async (
  db: Db | Tx,
  serviceId: string,
): Promise<{ changeRequestId: string; state: 'handed_in' | 'released' } | null> => {
  const [row] = await db
    .select({ id: changeRequests.id, state: changeRequests.state })
    .from(changeRequests)
    .where(
      and(eq(changeRequests.serviceId, serviceId), inArray(changeRequests.state, [...LOCKING_CHANGE_REQUEST_STATES])),
    )
    .limit(1);
  return row ? { changeRequestId: row.id, state: row.state as 'handed_in' | 'released' } : null;
};
