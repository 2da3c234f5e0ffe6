export interface RecentRows<Row> {
  /** The rows: at most maxAgeMs old, or read now. */
  rows(): readonly Row[] | Promise<readonly Row[]>;
  /** Something they show changed in this process: the next call reads again. */
  changed(): void;
}

/**
 * A small read that many requests share, for the dashboards (docs/adr/0041-dashboard.md): every
 * logged-in user's home asks for the latest audit events and the open VOs, and one read a second
 * serves them all on the embedded database's one thread. Changes this process announces make the
 * next call read at once; anything else shows within maxAgeMs. Concurrent callers share one read.
 */
export const createRecentRows = <Row>({
  load,
  maxAgeMs = 1000,
  now = Date.now,
}: {
  load: () => Promise<readonly Row[]>;
  maxAgeMs?: number;
  now?: () => number;
}): RecentRows<Row> => {
  let current: readonly Row[] | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let generation = 0;
  let reading: Promise<readonly Row[]> | null = null;

  const read = (): Promise<readonly Row[]> => {
    reading ??= (async () => {
      try {
        const startedAt = now();
        const startedGeneration = generation;
        const rows = await load();
        // A change announced during the read may be missing from it: answer with it, but read again next time.
        if (startedGeneration === generation) {
          current = rows;
          readAt = startedAt;
        }
        return rows;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    rows() {
      if (current && now() - readAt < maxAgeMs) return current;
      return read();
    },
    changed() {
      generation += 1;
      current = null;
    },
  };
};
