import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { resourcePackages, resourceTypes } from '../db/schema.js';
import type { ResourcePackageSnapshot } from '../model/resource-package.js';

/** A service's packages with their types, oldest first (the order they were added in). */
export const loadServiceResourcePackages = async (db: Db, serviceId: string): Promise<ResourcePackageSnapshot[]> =>
  (
    await db
      .select({ row: resourcePackages, type: resourceTypes })
      .from(resourcePackages)
      .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
      .where(eq(resourcePackages.serviceId, serviceId))
      .orderBy(asc(resourcePackages.createdAt), asc(resourcePackages.id))
  ).map(({ row, type }) => ({ row, type }));
