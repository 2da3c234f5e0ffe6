import { isUuid } from '@nubes/domain';
import { asc, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { changeRequestFields, changeRequests } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { ChangeRequestSnapshot, LoadedChangeRequest } from '../model/change-request.js';
import type { Principal } from '@nubes/domain';
import { loadVisibleService } from '../policies/service-policy.js';
import { bumpRow, changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on the request's row; version and change time are the pipeline's. */
export type ChangeRequestSet = Omit<
  PgUpdateSetSource<typeof changeRequests>,
  'id' | 'serviceId' | 'version' | 'updatedAt' | 'createdAt'
>;

export const loadChangeRequestFields = (db: Db | Tx, id: string) =>
  db
    .select()
    .from(changeRequestFields)
    .where(eq(changeRequestFields.changeRequestId, id))
    .orderBy(asc(changeRequestFields.fieldKey));

/**
 * Loads a change request the caller may see (they may see its service), or 404. With `forUpdate`
 * the service row is locked first and the request after it: every write that touches both takes
 * them in this order, so two of them never wait for each other.
 */
export const loadVisibleChangeRequest = async (
  db: Db | Tx,
  id: string,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedChangeRequest> => {
  if (!isUuid(id)) throw notFound();
  const [found] = await db
    .select({ serviceId: changeRequests.serviceId })
    .from(changeRequests)
    .where(eq(changeRequests.id, id));
  if (!found) throw notFound();
  const service = await loadVisibleService(db, found.serviceId, principal, options);
  const query = db.select().from(changeRequests).where(eq(changeRequests.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return { row, fields: await loadChangeRequestFields(db, id), service };
};

/** The change request as an object of the write pipeline. */
export const CHANGE_REQUEST_KIND: ObjectKind<
  LoadedChangeRequest,
  ChangeRequestSnapshot,
  ChangeRequestSet,
  'changeRequest'
> = {
  objectType: 'changeRequest',
  lock: (tx, id, principal) => loadVisibleChangeRequest(tx, id, principal, { forUpdate: true }),
  idOf: (request) => request.row.id,
  version: (request) => request.row.version,
  bump: async (tx, request, set) => ({
    row: await bumpRow(tx, changeRequests, eq(changeRequests.id, request.row.id), request.row.version, set),
    fields: await loadChangeRequestFields(tx, request.row.id),
  }),
};

/** changeObject for a change request. */
export const changeChangeRequest = <T>(
  writes: Writes,
  request: ObjectWrite<LoadedChangeRequest, ChangeRequestSet, 'changeRequest', T>,
) => changeObject(writes, CHANGE_REQUEST_KIND, request);
