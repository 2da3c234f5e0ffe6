export interface RowsCache<Row> {
  /** Every row as it is now: at once while nothing changed, otherwise after one read. */
  rows(): readonly Row[] | Promise<readonly Row[]>;
  /** Something a row shows changed in this process: the next call reads again. */
  changed(): void;
}

export interface RowsCacheOptions<Row> {
  /** Reads every row. */
  load: () => Promise<readonly Row[]>;
  /** A value that changes with whatever the rows show, whichever instance changed it. */
  fingerprint: () => Promise<string>;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * A list's rows in memory (ADR 0010): a few thousand small rows, read whole after a change, so
 * filtering, search, sort and paging run without a query on the embedded database's one thread.
 * Changes made here mark it stale at once; on PostgreSQL the fingerprint, asked at most once per
 * revalidateMs, catches other instances' changes. Concurrent callers share one read.
 */
export const createRowsCache = <Row>({
  load,
  fingerprint: readFingerprint,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: RowsCacheOptions<Row>): RowsCache<Row> => {
  const watchesOthers = Number.isFinite(revalidateMs);
  let current: { rows: readonly Row[]; fingerprint: string } | null = null;
  let generation = 0;
  let readGeneration = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<readonly Row[]> | null = null;

  const fingerprint = async () => (watchesOthers ? readFingerprint() : '');

  const read = (): Promise<readonly Row[]> => {
    reading ??= (async () => {
      try {
        for (;;) {
          const startedAt = now();
          const wanted = generation;
          if (current && wanted === readGeneration) {
            // Nothing changed here: only another instance may have changed something.
            try {
              const seen = await fingerprint();
              checkedAt = startedAt;
              if (seen === current.fingerprint) return current.rows;
            } catch (error) {
              onError(error);
              return current.rows;
            }
          }
          const seen = await fingerprint();
          const rows = await load();
          current = { rows, fingerprint: seen };
          readGeneration = wanted;
          checkedAt = startedAt;
          if (generation === wanted) return rows;
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
    changed() {
      generation += 1;
    },
  };
};
