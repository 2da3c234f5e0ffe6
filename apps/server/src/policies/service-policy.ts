import { canSeeService, isServiceState, type Principal, type ServiceRelation } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { serviceAdmins, services } from '../db/schema.js';
import { conflict, notFound } from '../http/http-error.js';

export type ServiceRow = typeof services.$inferSelect;

export interface LoadedService {
  row: ServiceRow;
  adminIds: string[];
  relation: ServiceRelation;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's relation to a service, from its row and its admins (DESIGN §2, provider side). */
export const serviceRelation = (
  principal: Principal,
  row: Pick<ServiceRow, 'state' | 'objectOwnerId' | 'serviceOwnerId' | 'serviceManagerId' | 'providerManagerId'>,
  adminIds: readonly string[],
): ServiceRelation => {
  if (!isServiceState(row.state)) throw new Error(`unknown state ${row.state}`);
  return {
    roles: principal.roles,
    state: row.state,
    isObjectOwner: row.objectOwnerId === principal.id,
    isServiceOwner: row.serviceOwnerId === principal.id,
    isAdmin: adminIds.includes(principal.id),
    isServiceManager: row.serviceManagerId === principal.id,
    isProviderManager: row.providerManagerId === principal.id,
    hasServiceManager: row.serviceManagerId !== null,
  };
};

/**
 * Loads a service the caller may see, or throws 404: a denied read looks like a missing service.
 * Inside a transaction pass `tx` and `forUpdate`, so the version check and the write see the same row.
 */
export const loadVisibleService = async (
  db: Db | Tx,
  id: string,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedService> => {
  if (!UUID.test(id)) throw notFound();
  const query = db.select().from(services).where(eq(services.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  const admins = await db
    .select({ userId: serviceAdmins.userId })
    .from(serviceAdmins)
    .where(eq(serviceAdmins.serviceId, id));
  const adminIds = admins.map((a) => a.userId);
  const relation = serviceRelation(principal, row, adminIds);
  if (!canSeeService(relation)) throw notFound();
  return { row, adminIds, relation };
};

/** Optimistic locking (DESIGN §1): an update names the version it read; a stale one changes nothing. */
export const assertVersion = (row: { version: number }, version: number): void => {
  if (row.version !== version) throw conflict();
};
