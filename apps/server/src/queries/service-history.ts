import type { AuditObjectType } from '@nubes/domain';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import { keyset, streamPage, type StreamPageRequest } from './stream-page.js';

/**
 * A page of an object's audit events, newest first, after the cursor; audit_events_object_idx
 * (object_type, object_id, at) serves the order, the id only breaks ties of one moment.
 */
export const listAuditEvents = async (
  db: Db,
  objectType: AuditObjectType,
  objectId: string,
  page: StreamPageRequest,
) => {
  const { after, orderBy, limit, cursorKey } = keyset(auditEvents.at, auditEvents.id, page);
  const rows = await db
    .select({ ...getTableColumns(auditEvents), cursorKey })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, objectType), eq(auditEvents.objectId, objectId), after))
    .orderBy(...orderBy)
    .limit(limit);
  return streamPage(rows, page.limit);
};
