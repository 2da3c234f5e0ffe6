import type { Look } from '../db/bucket-sums.js';
import { goneAfterRead, HeldBuckets, tooManyToReadByVersion } from './version-diff.js';

export interface RowsCache<Row> {
  /** Every row as it is now: at once while nothing changed, otherwise after one read. */
  rows(): readonly Row[] | Promise<readonly Row[]>;
  /**
   * Something a row shows changed in this process: the next call reads again. Given the changed
   * row's id, a cache that can read single rows (`some`) reads only that row.
   */
  changed(id?: string): void;
}

/** How a cache reads single rows and puts them in place of their old versions. */
export interface SomeRows<Row> {
  /** Reads the rows of these ids that exist. */
  load: (ids: readonly string[]) => Promise<readonly Row[]>;
  /** The rows with `fresh` in place of (or beside) their old versions and the `gone` ids left out. */
  merge: (rows: readonly Row[], fresh: readonly Row[], gone: ReadonlySet<string>) => readonly Row[];
  idOf: (row: Row) => string;
  /** How the cache reads another instance's changes row by row (PostgreSQL); without it, it reads everything. */
  others?: OtherInstances<Row>;
}

/**
 * After a look finds the fingerprint changed, the rows whose version differs from the one held are
 * read (and those gone dropped), found by comparing sums per bucket of ids first and then the
 * versions of the differing buckets' rows (version-diff.ts), unless what the rows show besides
 * themselves changed or most rows did: then everything is read. Reading 50,000 contacts whole
 * after any other instance's change kept a request waiting for seconds on every instance
 * (bench/README.md).
 */
export interface OtherInstances<Row> {
  /**
   * One look at the database (db/bucket-sums.ts, lookAt): the fingerprint, what the rows show
   * besides themselves, and when the fingerprint is not `held`, the sums per bucket. It stands in
   * for the cache's `fingerprint`.
   */
  look: (held: string | null) => Promise<Look>;
  /** The versions of the rows in these buckets, by id. */
  versionsIn: (buckets: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  versionOf: (row: Row) => number;
}

/** The rows a cache holds and what it knows of them. */
interface Held<Row> {
  rows: readonly Row[];
  /** The rows' buckets (version-diff.ts), for a cache that reads other instances' changes; null until a look needs them. */
  buckets: HeldBuckets | null;
  fingerprint: string;
  besides: string | null;
}

export interface RowsCacheOptions<Row> {
  /** Reads every row. */
  load: () => Promise<readonly Row[]>;
  /** A value that changes with whatever the rows show, whichever instance changed it; a cache with `some.others` looks with those instead. */
  fingerprint?: () => Promise<string>;
  /** Reads single rows after a change that names them; without it every change reads every row. */
  some?: SomeRows<Row>;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * A list's rows in memory (ADR 0010): small rows, read whole after a change, so filtering, search,
 * sort and paging run without a query on the embedded database's one thread. A change that names
 * its row reads only that row when the cache knows how (`some`): reading tens of thousands of rows
 * again after each change kept the next request waiting for seconds. Changes made here mark it
 * stale at once; on PostgreSQL the fingerprint, asked at most once per revalidateMs, catches
 * other instances' changes, which a cache that knows its rows' versions (`others`) then reads row
 * by row (without it, and after a read of single rows, the next look reads everything, as the
 * fingerprint then says nothing about the rows held). Concurrent callers share one read.
 */
export const createRowsCache = <Row>({
  load,
  fingerprint: readFingerprint,
  some,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: RowsCacheOptions<Row>): RowsCache<Row> => {
  const watchesOthers = Number.isFinite(revalidateMs);
  /**
   * `besides` as read with the last whole read (OtherInstances), null without one; `held`, the rows'
   * buckets, made at the first look that needs them and kept through the changes after it.
   */
  let current: Held<Row> | null = null;
  let generation = 0;
  let readGeneration = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<readonly Row[]> | null = null;
  /** Changes here that named their row, not yet read; `readAll` when one did not. */
  const pending = new Set<string>();
  let readAll = true;

  if (!readFingerprint && !some?.others) throw new Error('a rows cache needs a fingerprint or some.others.look');
  const others = some?.others;
  const nothingSeen: Look = { fingerprint: '', besides: '', buckets: null };
  /** A look at the database: the fingerprint, with `others` also `besides` and the buckets when it is not `held`. */
  const look = async (held: string | null): Promise<Look> => {
    if (!watchesOthers) return nothingSeen;
    if (others) return others.look(held);
    return { fingerprint: await readFingerprint!(), besides: '', buckets: null };
  };

  /** The rows held with `fresh` rows and without the `gone` ids, their buckets kept alongside. */
  const merged = (held: Held<Row>, reader: SomeRows<Row>, fresh: readonly Row[], gone: ReadonlySet<string>) => {
    const versionOf = reader.others?.versionOf;
    return {
      rows: reader.merge(held.rows, fresh, gone),
      buckets:
        versionOf && held.buckets
          ? held.buckets.with(
              fresh.map((row) => [reader.idOf(row), versionOf(row)] as const),
              gone,
            )
          : null,
    };
  };

  /** The rows' buckets, for the looks at other instances' changes (version-diff.ts). */
  const bucketsOf = (rows: readonly Row[], reader: SomeRows<Row> & { others: OtherInstances<Row> }) =>
    HeldBuckets.of((visit) => {
      for (const row of rows) visit(reader.idOf(row), reader.others.versionOf(row));
    });

  /**
   * After a whole read, the buckets the first look compares are made in a later turn of the event
   * loop rather than by that look, which otherwise passed over every row (about 100 ms at 50,000
   * contacts on PostgreSQL, bench/README.md); rows replaced meanwhile carry their own.
   */
  const bucketsAhead = (held: Held<Row>, reader: SomeRows<Row> & { others: OtherInstances<Row> }) => {
    if (!watchesOthers) return;
    setImmediate(() => {
      if (current === held) held.buckets ??= bucketsOf(held.rows, reader);
    });
  };

  /** Reads the pending rows into the current ones; a failure leaves them pending. */
  const readSome = async (held: Held<Row>, reader: SomeRows<Row>): Promise<Held<Row>> => {
    const ids = [...pending];
    pending.clear();
    try {
      const fresh = await reader.load(ids);
      const gone = goneAfterRead([], ids, new Set(fresh.map(reader.idOf)));
      return { ...merged(held, reader, fresh, gone), fingerprint: '', besides: held.besides };
    } catch (error) {
      for (const id of ids) pending.add(id);
      throw error;
    }
  };

  /**
   * Another instance's changes, row by row: the rows held with those whose version differs read
   * anew, as of the look `seen` (read before, so a change after it shows at the next look); null
   * when everything must be read.
   */
  const readOthers = async (
    held: Held<Row>,
    reader: SomeRows<Row> & { others: OtherInstances<Row> },
    seen: Look,
  ): Promise<Held<Row> | null> => {
    const { fingerprint, besides } = seen;
    if (held.besides === null || besides !== held.besides || !seen.buckets) return null;
    const heldBuckets = held.buckets ?? bucketsOf(held.rows, reader);
    const buckets = heldBuckets.differing(seen.buckets);
    if (buckets.size === 0) return { rows: held.rows, buckets: heldBuckets, fingerprint, besides };
    const diff = heldBuckets.diff(buckets, await reader.others.versionsIn([...buckets]));
    if (tooManyToReadByVersion(diff, held.rows.length)) return null;
    const fresh = diff.changed.length > 0 ? await reader.load(diff.changed) : [];
    const gone = goneAfterRead(diff.gone, diff.changed, new Set(fresh.map(reader.idOf)));
    return { ...merged({ ...held, buckets: heldBuckets }, reader, fresh, gone), fingerprint, besides };
  };

  const read = (): Promise<readonly Row[]> => {
    reading ??= (async () => {
      try {
        for (;;) {
          const startedAt = now();
          const wanted = generation;
          if (current && wanted === readGeneration) {
            // Nothing changed here: only another instance may have changed something.
            try {
              const seen = await look(current.fingerprint);
              checkedAt = startedAt;
              if (seen.fingerprint === current.fingerprint) return current.rows;
              const caught = some && others ? await readOthers(current, { ...some, others }, seen) : null;
              if (caught) {
                current = caught;
                if (generation === wanted) return current.rows;
                continue;
              }
            } catch (error) {
              onError(error);
              return current.rows;
            }
          } else if (current && !readAll && some) {
            current = await readSome(current, some);
            readGeneration = wanted;
            if (generation === wanted) return current.rows;
            continue;
          }
          readAll = false;
          pending.clear();
          try {
            const seen = await look(null);
            const rows = await load();
            current = {
              rows,
              buckets: null,
              fingerprint: seen.fingerprint,
              besides: watchesOthers && others ? seen.besides : null,
            };
            if (some && others) bucketsAhead(current, { ...some, others });
          } catch (error) {
            readAll = true;
            throw error;
          }
          readGeneration = wanted;
          checkedAt = startedAt;
          if (generation === wanted) return current.rows;
        }
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    rows() {
      if (current && readGeneration === generation && (!watchesOthers || now() - checkedAt < revalidateMs))
        return current.rows;
      return read();
    },
    changed(id) {
      generation += 1;
      if (id === undefined) readAll = true;
      else pending.add(id);
    },
  };
};
