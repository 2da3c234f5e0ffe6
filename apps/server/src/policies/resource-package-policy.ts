import { canSeeResourcePackage, isUuid, type Principal } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { resourcePackages, resourceTypes } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { LoadedResourcePackage } from '../model/resource-package.js';
import { loadServiceWithRelation } from './service-policy.js';

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
  if (!isUuid(packageId)) throw notFound();
  // Whether or not the caller may see the service: a reviewer reads a submitted package of a
  // service whose other tabs stay closed to them. In a write the service is held FOR SHARE: its
  // packages change under it, it does not.
  const service = await loadServiceWithRelation(db, serviceId, principal, options.forUpdate ? 'share' : undefined);
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
