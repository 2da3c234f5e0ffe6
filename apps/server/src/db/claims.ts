import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** The columns of a queue that workers claim with a lease: the mail outbox, the webhook deliveries. */
export interface LeasedQueue {
  state: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
}

/** A span of milliseconds as an SQL interval, for leases and the next try. */
export const msInterval = (ms: number): SQL => sql`(${Math.round(ms)}::integer * interval '1 millisecond')`;

/**
 * The rows a worker may claim: `pending` ones that are due and whose claim (if any) ran out, and
 * `sending` ones whose lease ran out, an attempt without a recorded outcome, to be sent again.
 */
const claimableSql = (queue: LeasedQueue): SQL =>
  or(
    and(
      eq(queue.state, 'pending'),
      lte(queue.nextAttemptAt, sql`now()`),
      or(isNull(queue.lockedUntil), lt(queue.lockedUntil, sql`now()`)),
    ),
    and(eq(queue.state, 'sending'), lt(queue.lockedUntil, sql`now()`)),
  )!;

/**
 * The ids of the rows due for a claim, oldest try first, as a subquery of the claim's `UPDATE`:
 * `FOR UPDATE SKIP LOCKED` lets workers on one database claim at once without waiting for or
 * taking each other's rows.
 */
export const dueForClaim = (db: Db, queue: PgTable & LeasedQueue & { id: PgColumn }, batchSize: number) =>
  db
    .select({ id: queue.id })
    .from(queue)
    .where(claimableSql(queue))
    .orderBy(queue.nextAttemptAt)
    .limit(batchSize)
    .for('update', { skipLocked: true });
