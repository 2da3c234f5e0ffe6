import { isUuid } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { resourceTypes } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { ResourceTypeRow } from '../model/resource-type.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on a type's row; key, version and change time are not among them. */
export type ResourceTypeSet = Omit<
  PgUpdateSetSource<typeof resourceTypes>,
  'id' | 'key' | 'version' | 'updatedAt' | 'createdAt'
>;

/**
 * Loads a resource type FOR UPDATE, or 404. Types belong to the portal, not to a service: the
 * route's permission (resourceType.manage) is the whole policy, so there is nothing to hide here.
 * A package that names the type takes a key-share lock on this row for its foreign key, so a
 * delete holding this lock and a new package of the type never cross.
 */
const lockResourceType = async (tx: Tx, id: string): Promise<ResourceTypeRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(resourceTypes).where(eq(resourceTypes.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** The resource type as an object of the write pipeline (docs/adr/0031-resource-packages.md). */
export const RESOURCE_TYPE_KIND: ObjectKind<ResourceTypeRow, ResourceTypeRow, ResourceTypeSet, 'resourceType'> = {
  objectType: 'resourceType',
  lock: (tx, id) => lockResourceType(tx, id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(resourceTypes)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(resourceTypes.id, row.id))
      .returning();
    return updated!;
  },
};

/** changeObject for a resource type. */
export const changeResourceType = <T>(
  writes: Writes,
  request: ObjectWrite<ResourceTypeRow, ResourceTypeSet, 'resourceType', T>,
) => changeObject(writes, RESOURCE_TYPE_KIND, request);
