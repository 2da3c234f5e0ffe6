import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
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

/** A leased queue with what an attempt writes: the claim that holds a row, its tries, its version. */
export interface AttemptedQueue extends LeasedQueue {
  id: PgColumn;
  claimToken: PgColumn;
  tries: PgColumn;
  version: PgColumn;
}

/**
 * The mark of an attempt, committed before the row is sent: `sending` with one try more, and the
 * lease renewed so that it covers this one send, however long the rows before it took; `also`
 * writes more columns of the queue. Answers the row's tries, or null when the claim ran out
 * meanwhile (another worker may hold the row) or the row was changed by hand since the claim:
 * then nothing is sent.
 */
export const markAttempt = async <Q extends PgTable & AttemptedQueue>(
  db: Db,
  queue: Q,
  claim: { id: string; token: string; leaseMs: number },
  also: Record<string, SQL> = {},
): Promise<number | null> => {
  const [attempt] = await db
    .update(queue as PgTable)
    .set({
      state: 'sending',
      tries: sql`${queue.tries} + 1`,
      lockedUntil: sql`now() + ${msInterval(claim.leaseMs)}`,
      version: sql`${queue.version} + 1`,
      ...also,
    })
    .where(and(eq(queue.id, claim.id), eq(queue.claimToken, claim.token), inArray(queue.state, ['pending', 'sending'])))
    .returning({ tries: queue.tries });
  return attempt ? (attempt.tries as number) : null;
};
