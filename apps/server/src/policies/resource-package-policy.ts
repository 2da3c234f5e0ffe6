import { canSeeResourcePackage, isUuid, type Principal } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { resourcePackages, resourceTypes, serviceAdmins, services } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { LoadedResourcePackage } from '../model/resource-package.js';
import type { LoadedService } from '../model/service.js';
import { serviceRelation } from './service-policy.js';

/**
 * A service with the caller's relation to it, whether or not they may see it: a reviewer reads a
 * submitted package of a service whose other tabs stay closed to them. The caller decides.
 * Inside a write the service row is held FOR SHARE: its packages change under it, it does not.
 */
const loadServiceWithRelation = async (
  db: Db | Tx,
  id: string,
  principal: Principal,
  options: { forUpdate?: boolean },
): Promise<LoadedService | null> => {
  const query = db.select().from(services).where(eq(services.id, id));
  const [row] = options.forUpdate ? await query.for('share') : await query;
  if (!row) return null;
  const admins = await db
    .select({ userId: serviceAdmins.userId })
    .from(serviceAdmins)
    .where(eq(serviceAdmins.serviceId, id));
  const adminIds = admins.map((a) => a.userId);
  return { row, adminIds, relation: serviceRelation(principal, row, adminIds) };
};

/**
 * Loads a package of a service the caller may see it on (canSeeResourcePackage), or 404: a denied
 * read looks like a package that does not exist. With `forUpdate` the service is held first and
 * the package locked after it, the order every package write takes.
 */
export const loadVisibleResourcePackage = async (
  db: Db | Tx,
  serviceId: string,
  packageId: string,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedResourcePackage> => {
  if (!isUuid(serviceId) || !isUuid(packageId)) throw notFound();
  const service = await loadServiceWithRelation(db, serviceId, principal, options);
  if (!service) throw notFound();
  const query = db
    .select()
    .from(resourcePackages)
    .where(and(eq(resourcePackages.id, packageId), eq(resourcePackages.serviceId, serviceId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || !canSeeResourcePackage(service.relation, row.state)) throw notFound();
  const [type] = await db.select().from(resourceTypes).where(eq(resourceTypes.id, row.typeId));
  if (!type) throw new Error(`resource package ${row.id} without its type`);
  return { row, type, service };
};
