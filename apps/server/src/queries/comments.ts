import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serviceComments } from '../db/schema.js';
import { keyset, streamPage, type StreamPageRequest } from './stream-page.js';

/**
 * A page of a service's comments, newest first, after the cursor; service_comments_service_idx
 * (service_id, created_at) serves the order, the id only breaks ties of one moment.
 */
export const listServiceComments = async (db: Db, serviceId: string, page: StreamPageRequest) => {
  const { after, orderBy, limit, cursorKey } = keyset(serviceComments.createdAt, serviceComments.id, page);
  const rows = await db
    .select({ ...getTableColumns(serviceComments), cursorKey })
    .from(serviceComments)
    .where(and(eq(serviceComments.serviceId, serviceId), after))
    .orderBy(...orderBy)
    .limit(limit);
  return streamPage(rows, page.limit);
};
