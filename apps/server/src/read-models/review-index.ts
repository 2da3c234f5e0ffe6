import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serviceReviews } from '../db/schema.js';
import type { ReviewEntry } from '../model/review.js';

// The entry's type moved to src/model/, where the SQL lists share it; the dashboard still imports it here.
export type { ReviewEntry };

export interface ReviewIndex {
  /** Every service's review by service id, as it is now. */
  snapshot(): ReadonlyMap<string, ReviewEntry> | Promise<ReadonlyMap<string, ReviewEntry>>;
  /** A review changed in this process: the next snapshot reads them again. */
  changed(): void;
}

const fingerprintOf = async (db: Db): Promise<string> => {
  const result = await db.execute(
    sql`select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') as fingerprint from ${serviceReviews}`,
  );
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};

/**
 * The reviews in memory, beside the service list index (ADR 0029): the review list answers from
 * both without a query. The table is narrow (one row per reviewed service), so a change re-reads
 * it whole in one flat query instead of tracking single rows; a bulk start of thousands is one
 * read too. Other instances' changes (PostgreSQL) are noticed by a fingerprint look at most every
 * revalidateMs, as the service list index does.
 */
export const createReviewIndex = ({
  db,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: {
  db: Db;
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}): ReviewIndex => {
  let current: Map<string, ReviewEntry> | null = null;
  let fingerprint = '';
  let stale = true;
  /** Local changes announced so far, and how many `current` holds: a request during a read of one waits for it. */
  let announced = 0;
  let readThrough = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Map<string, ReviewEntry>> | null = null;

  const readAll = async () => {
    const rows = await db.select().from(serviceReviews);
    const entries = new Map<string, ReviewEntry>();
    for (const row of rows) {
      entries.set(row.serviceId, {
        status: row.status,
        version: row.version,
        startedAt: row.startedAt,
        startedById: row.startedById,
        answeredAt: row.answeredAt,
        answeredById: row.answeredById,
        endedAt: row.endedAt,
        lastOutcome: row.lastOutcome,
      });
    }
    return entries;
  };

  const catchUp = () => {
    reading ??= (async () => {
      try {
        for (;;) {
          const startedAt = now();
          const through = announced;
          const wasStale = stale || !current;
          stale = false;
          let seen = '';
          try {
            seen = Number.isFinite(revalidateMs) ? await fingerprintOf(db) : '';
          } catch (error) {
            // Other instances' changes are not worth failing an answer for: look again next time.
            if (wasStale) throw error;
            onError(error);
            return current!;
          }
          if (wasStale || seen !== fingerprint) {
            current = await readAll();
            fingerprint = seen;
          }
          checkedAt = startedAt;
          readThrough = through;
          if (!stale) return current!;
        }
      } catch (error) {
        stale = true;
        throw error;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    snapshot() {
      if (current && readThrough === announced && now() - checkedAt < revalidateMs) return current;
      return catchUp();
    },
    changed() {
      announced += 1;
      stale = true;
    },
  };
};
