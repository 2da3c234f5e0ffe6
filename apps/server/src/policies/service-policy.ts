import { canSeeService, isUuid, type Principal, type ServiceRelation } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { serviceAdmins, services } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { LoadedService, ServiceRow } from '../model/service.js';

/** The caller's relation to a service, from its row and its admins (which roles make the provider side: ADR 8). */
export const serviceRelation = (
  principal: Principal,
  row: Pick<ServiceRow, 'state' | 'objectOwnerId' | 'serviceOwnerId' | 'serviceManagerId' | 'providerManagerId'>,
  adminIds: readonly string[],
): ServiceRelation => {
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
 * A service with its admins and the caller's relation to it, whether or not they may see it (the
 * caller decides); null when there is none. Inside a write the row is locked as `lock` says.
 */
export const loadServiceWithRelation = async (
  db: Db | Tx,
  id: string,
  principal: Principal,
  lock?: 'update' | 'share',
): Promise<LoadedService | null> => {
  if (!isUuid(id)) return null;
  const query = db.select().from(services).where(eq(services.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) return null;
  const admins = await db
    .select({ userId: serviceAdmins.userId })
    .from(serviceAdmins)
    .where(eq(serviceAdmins.serviceId, id));
  const adminIds = admins.map((a) => a.userId);
  return { row, adminIds, relation: serviceRelation(principal, row, adminIds) };
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
  const service = await loadServiceWithRelation(db, id, principal, options.forUpdate ? 'update' : undefined);
  if (!service || !canSeeService(service.relation)) throw notFound();
  return service;
};
