import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { resourcePackages, resourceTypes } from '../db/schema.js';
import type { ResourceTypeRow } from '../model/resource-type.js';

/** A resource type with the number of packages that use it. */
export interface ResourceTypeWithUse {
  row: ResourceTypeRow;
  packageCount: number;
}

const packageCounts = (db: Db | Tx) =>
  db
    .select({ typeId: resourcePackages.typeId, n: count().as('n') })
    .from(resourcePackages)
    .groupBy(resourcePackages.typeId)
    .as('package_counts');

/** Every resource type, retired ones too, by English name. */
export const loadResourceTypes = async (db: Db | Tx): Promise<ResourceTypeWithUse[]> => {
  const counts = packageCounts(db);
  const rows = await db
    .select({ row: resourceTypes, packageCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(resourceTypes)
    .leftJoin(counts, eq(counts.typeId, resourceTypes.id))
    .orderBy(asc(sql`lower(${resourceTypes.name}->>'en')`), asc(resourceTypes.key));
  return rows.map(({ row, packageCount }) => ({ row, packageCount: Number(packageCount) }));
};

/** How many packages use the type: a type in use is retired, never deleted. */
export const countPackagesOfType = async (db: Db | Tx, typeId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(resourcePackages).where(eq(resourcePackages.typeId, typeId));
  return Number(row?.n ?? 0);
};

export const resourceTypeKeyExists = async (db: Db | Tx, key: string): Promise<boolean> =>
  (await db.select({ id: resourceTypes.id }).from(resourceTypes).where(eq(resourceTypes.key, key)).limit(1)).length > 0;
