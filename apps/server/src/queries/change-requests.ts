import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
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
