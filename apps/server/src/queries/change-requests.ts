import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { changeRequestFields, changeRequests, services, users } from '../db/schema.js';
import type { ChangeRequestListRow, ChangeRequestSnapshot } from '../model/change-request.js';

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
 * Every change request as a row of the Change Request List, with its service and author, newest
 * change first: what the list's in-memory copy is built from (read-models/change-request-list.ts).
 */
export const loadChangeRequestListRows = async (db: Db): Promise<ChangeRequestListRow[]> => {
  const fieldCount = db
    .select({ id: changeRequestFields.changeRequestId, n: count().as('n') })
    .from(changeRequestFields)
    .groupBy(changeRequestFields.changeRequestId)
    .as('field_count');
  const rows = await db
    .select({
      id: changeRequests.id,
      state: changeRequests.state,
      fromIntegrationManager: changeRequests.fromIntegrationManager,
      createdAt: changeRequests.createdAt,
      updatedAt: changeRequests.updatedAt,
      serviceUuid: services.id,
      serviceId: services.serviceId,
      serviceName: services.name,
      serviceState: services.state,
      authorName: sql<string>`coalesce(nullif(${users.fullname}, ''), ${users.username}, '')`,
      authorUsername: sql<string>`coalesce(${users.username}, '')`,
      fieldCount: sql<number>`coalesce(${fieldCount.n}, 0)::int`,
      // Lower-cased once here, so a search or a sort by service costs no case folding per request.
      searchText: sql<string>`lower(${services.name} || ' ' || ${services.serviceId} || ' ' || coalesce(${users.fullname}, '') || ' ' || coalesce(${users.username}, ''))`,
      serviceKey: sql<string>`lower(${services.name})`,
    })
    .from(changeRequests)
    .innerJoin(services, eq(services.id, changeRequests.serviceId))
    .leftJoin(users, eq(users.id, changeRequests.authorId))
    .leftJoin(fieldCount, eq(fieldCount.id, changeRequests.id))
    .orderBy(desc(changeRequests.updatedAt), desc(changeRequests.id));
  return rows;
};

/**
 * Changes whenever a row of the Change Request List may have changed, whichever instance made the
 * change: every request write raises its version; services (names) have their own fingerprint.
 */
export const changeRequestFingerprint = async (db: Db): Promise<string> => {
  const result = await db.execute(
    sql`select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') as fingerprint from ${changeRequests}`,
  );
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};
