import type { Db } from '../db/client.js';
import { loadLatestAuditEvents, type AuditRow } from '../queries/dashboard.js';

/** How many of the portal's latest audit events the dashboards pick their activity from. */
export const RECENT_EVENTS = 300;

export interface RecentActivity {
  /** The portal's latest audit events, newest first: at most maxAgeMs old, or read now. */
  events(): readonly AuditRow[] | Promise<readonly AuditRow[]>;
  /** Something was written in this process: the next call reads again. */
  changed(): void;
}

/**
 * The portal's latest audit events in memory for the dashboards (docs/adr/0041-dashboard.md): every
 * logged-in user's home asks for them, and one read a second serves them all on the embedded
 * database's one thread. Changes to services, change requests and reviews in this process mark them
 * stale at once; anything else shows within maxAgeMs. Concurrent callers share one read.
 */
export const createRecentActivity = ({
  db,
  maxAgeMs = 1000,
  now = Date.now,
}: {
  db: Db;
  maxAgeMs?: number;
  now?: () => number;
}): RecentActivity => {
  let current: readonly AuditRow[] | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let generation = 0;
  let reading: Promise<readonly AuditRow[]> | null = null;

  const read = (): Promise<readonly AuditRow[]> => {
    reading ??= (async () => {
      try {
        const startedAt = now();
        const startedGeneration = generation;
        const rows = await loadLatestAuditEvents(db, RECENT_EVENTS);
        // A change announced during the read may be missing from it: keep the rows, but read again next time.
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
    events() {
      if (current && now() - readAt < maxAgeMs) return current;
      return read();
    },
    changed() {
      generation += 1;
      current = null;
    },
  };
};
