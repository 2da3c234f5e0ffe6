import { isUuid, type AuditLogQuery } from '@nubes/domain';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import { loadObjectNames, type NamedObject } from './dashboard.js';
import { loadDisplayNames } from './display-names.js';
import { keyset, streamPage } from './stream-page.js';

/** Days are the alliance's (Europe/Berlin, as the portal shows dates): `to` includes its whole day. */
const ZONE = 'Europe/Berlin';

/**
 * One page of the whole portal's audit events, newest first, with the count of all that match and
 * the cursor of the next page. Each filter has its index: actor (actor_id, at), object (object_type,
 * object_id, at), action (action, at), and the time alone (at). A numbered page skips the rows before
 * it; a cursor starts right after its row, with no rows to skip however deep it is.
 */
export const listAuditLog = async (db: Db, query: AuditLogQuery) => {
  const where = and(
    query.actor ? eq(auditEvents.actorId, query.actor) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.objectType ? eq(auditEvents.objectType, query.objectType) : undefined,
    query.objectId ? eq(auditEvents.objectId, query.objectId) : undefined,
    query.from ? sql`${auditEvents.at} >= (${query.from}::date::timestamp AT TIME ZONE ${ZONE})` : undefined,
    query.to ? sql`${auditEvents.at} < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${ZONE})` : undefined,
  );
  // The id after the time keeps pages stable when events share a moment.
  const { after, orderBy, limit, cursorKey } = keyset(auditEvents.at, auditEvents.id, {
    limit: query.pageSize,
    cursor: query.cursor,
    order: query.order,
  });
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditEvents), cursorKey })
      .from(auditEvents)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(query.cursor ? 0 : (query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditEvents).where(where),
  ]);
  const { items, nextCursor } = streamPage(rows, query.pageSize);
  return { rows: items, nextCursor, total: total?.value ?? 0 };
};

type EventObject = { objectType: string; objectId: string };

/**
 * What the events' objects are called now, by id, for the audit log and a user account's events:
 * their readers read every event, so beside the dashboard's names (loadObjectNames) services, users
 * and keywords are named as the history names them. Objects that are gone have none.
 */
export const loadAuditObjectNames = async (db: Db, rows: readonly EventObject[]): Promise<Map<string, NamedObject>> => {
  const ids = rows
    .filter((row) => ['service', 'user', 'keyword'].includes(row.objectType) && isUuid(row.objectId))
    .map((row) => row.objectId);
  const [objects, named] = await Promise.all([loadObjectNames(db, rows), loadDisplayNames(db, ids)]);
  return new Map([...objects, ...[...named].map(([id, name]): [string, NamedObject] => [id, { name }])]);
};
