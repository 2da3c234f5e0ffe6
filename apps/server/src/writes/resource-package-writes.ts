import { isUuid } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { resourcePackages, resourceTypes } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { LoadedResourcePackage, ResourcePackageSnapshot } from '../model/resource-package.js';
import { loadVisibleResourcePackage } from '../policies/resource-package-policy.js';
import { bumpRow, changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on the package's row; version and change time are the pipeline's. */
export type ResourcePackageSet = Omit<
  PgUpdateSetSource<typeof resourcePackages>,
  'id' | 'serviceId' | 'version' | 'updatedAt' | 'createdAt'
>;

/** The resource package as an object of the write pipeline (ADR 13). */
const RESOURCE_PACKAGE_KIND: ObjectKind<
  LoadedResourcePackage,
  ResourcePackageSnapshot,
  ResourcePackageSet,
  'resourcePackage'
> = {
  objectType: 'resourcePackage',
  // The service is held before the package is locked, the order of every package write.
  lock: async (tx, id, principal) => {
    if (!isUuid(id)) throw notFound();
    const [found] = await tx
      .select({ serviceId: resourcePackages.serviceId })
      .from(resourcePackages)
      .where(eq(resourcePackages.id, id));
    if (!found) throw notFound();
    return loadVisibleResourcePackage(tx, found.serviceId, id, principal, { forUpdate: true });
  },
  idOf: (loaded) => loaded.row.id,
  version: (loaded) => loaded.row.version,
  bump: async (tx, loaded, set) => {
    const row = await bumpRow(tx, resourcePackages, eq(resourcePackages.id, loaded.row.id), loaded.row.version, set);
    const type =
      row.typeId === loaded.type.id
        ? loaded.type
        : (await tx.select().from(resourceTypes).where(eq(resourceTypes.id, row.typeId)))[0]!;
    return { row, type };
  },
};

/** changeObject for a resource package. */
export const changeResourcePackage = <T>(
  writes: Writes,
  request: ObjectWrite<LoadedResourcePackage, ResourcePackageSet, 'resourcePackage', T>,
) => changeObject(writes, RESOURCE_PACKAGE_KIND, request);
