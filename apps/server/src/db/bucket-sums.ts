import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowVersionSums, type ROW_VERSION_SUM_SOURCES } from './schema.js';

/**
 * One bucket of a table's rows (the rows whose UUID begins with the same two hex digits): how many
 * there are, the sum of their versions and the sum of their ids' first seven hex digits. A write
 * raises a row's version (ADR 13), so a changed row changes its bucket's versions, an added or
 * removed one its count, and one removed and another added in its place the ids' sum.
 */
export interface BucketSums {
  bucket: string;
  count: number;
  versions: number;
  ids: number;
}

type Source = (typeof ROW_VERSION_SUM_SOURCES)[number];

interface Versioned {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
}

/**
 * The table's sums over all buckets as one value (rows, versions, ids): it changes with every
 * insert, delete and raised version, whichever instance made it, and costs a few hundred rows
 * instead of a pass over the table. A part of the lists' fingerprints.
 */
export const totalSums = (source: Source) => sql`(
  select coalesce(sum(${rowVersionSums.count}), 0) || ':' || coalesce(sum(${rowVersionSums.versions}), 0) || ':' ||
    coalesce(sum(${rowVersionSums.ids}), 0)
  from ${rowVersionSums} where ${rowVersionSums.source} = ${source})`;

/** What one look at a table finds (lookAt). */
export interface Look {
  /** The table's kept sums' total and `besides`: changes whenever anything the rows show does. */
  fingerprint: string;
  /** What the rows show besides themselves (an institution's name), as a value that changes with it. */
  besides: string;
  /** The sums per bucket, when the fingerprint is not the one held; null when it is, or when nothing was held. */
  buckets: BucketSums[] | null;
}

/**
 * One look at another instance's changes, in one query: the fingerprint (`totalSums` and
 * `besides`), and, only when it differs from `held`, the buckets' sums to compare. A look that
 * finds nothing changed costs what the fingerprint alone did; one that finds a change saves the
 * round trips for `besides` and the buckets, each a few milliseconds between the portal and its
 * database (docs/adr/0070-one-look-one-query.md). `held` null (a whole read follows): no buckets.
 */
export const lookAt = async (db: Db, source: Source, besides: SQL, held: string | null): Promise<Look> => {
  // The buckets' subquery is PostgreSQL's init plan, run only when the CASE reaches it; a `held`
  // of null compares as unknown, so it never does.
  // Materialized, so each part is computed once: inlined, the planner repeated it per reference.
  const result = await db.execute(sql`
    with part as materialized (select ${besides} as besides),
      seen as materialized (select ${totalSums(source)} || '|' || besides as fingerprint, besides from part)
    select fingerprint, besides,
      case when fingerprint <> ${held}::text then (
        select coalesce(json_agg(json_build_object('bucket', lpad(to_hex(bucket::int), 2, '0'), 'count', count,
          'versions', versions, 'ids', ids)), '[]'::json)
        from (
          select ${rowVersionSums.bucket} as bucket, sum(${rowVersionSums.count})::int as count,
            sum(${rowVersionSums.versions})::float8 as versions, sum(${rowVersionSums.ids})::float8 as ids
          from ${rowVersionSums} where ${rowVersionSums.source} = ${source}
          group by ${rowVersionSums.bucket} having sum(${rowVersionSums.count}) <> 0
        ) as sums
      ) end as buckets
    from seen`);
  return (result as unknown as { rows: Look[] }).rows[0]!;
};

/** The first id of a bucket (its two hex digits), as a UUID. */
const firstIdOf = (bucket: number) => `${bucket.toString(16).padStart(2, '0')}000000-0000-0000-0000-000000000000`;

/**
 * The versions of the rows in these buckets, by id. Each bucket is a range of ids, which the
 * primary key's index finds (about 1 ms for a bucket of 50,000 contacts, against 20 ms for a scan
 * comparing each id's first digits).
 */
export const versionsInBuckets = async (
  db: Db,
  { table, id, version }: Versioned,
  buckets: readonly string[],
): Promise<Map<string, number>> => {
  const ranges = buckets.map((bucket) => {
    const number = Number.parseInt(bucket, 16);
    return number === 255 ? gte(id, firstIdOf(number)) : and(gte(id, firstIdOf(number)), lt(id, firstIdOf(number + 1)));
  });
  const rows = (await db
    .select({ id, version })
    .from(table)
    .where(or(...ranges))) as { id: string; version: number }[];
  return new Map(rows.map((row) => [row.id, row.version]));
};
