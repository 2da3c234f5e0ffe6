import { SCHEDULED_JOBS, type AuditEvent, type ScheduledJobName } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import type { Tx } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import type { Clock } from '../model/clock.js';

/** What one run of a job wrote: its audit events, mails and after-commit effects, as a unit of work answers them. */
export interface JobWork {
  events: readonly AuditEvent[];
  mails?: readonly OutboxMessage[];
  effects?: readonly AfterCommitEffect[];
}

/**
 * A timed job: its name, how often it runs, and its work at a moment. The work runs inside the
 * run's transaction and is idempotent: run again at the same moment (after a crash, or on another
 * instance), it writes and mails nothing twice.
 */
export interface ScheduledJobDefinition {
  name: ScheduledJobName;
  intervalMs: number;
  run(tx: Tx, now: Date): Promise<JobWork>;
}

export type JobRunOutcome = 'ran' | 'notDue' | 'busy' | 'failed';

export interface Scheduler {
  readonly jobs: readonly ScheduledJobDefinition[];
  /** Runs every job that is due now, one after another; answers each job's outcome. */
  runDue(): Promise<Record<string, JobRunOutcome>>;
  /** Runs one job if it is due (or at once with `force`), under its lock. */
  runJob(name: ScheduledJobName, options?: { force?: boolean }): Promise<JobRunOutcome>;
  /** Looks for due jobs every `pollMs` from now on. */
  start(pollMs: number): void;
  /** Stops looking and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The advisory lock key of a job: one namespace for the scheduler, the job's place in the domain's
 * list (stable: names are only ever added at the end).
 */
const LOCK_NAMESPACE = 115;
const lockKeyOf = (name: ScheduledJobName): number => SCHEDULED_JOBS.indexOf(name);

/** Error text as the admin panel shows it: the message only, bounded. */
const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'error';

/**
 * The one scheduler of timed work (docs/adr/0115-one-scheduler-for-timed-work.md). Every run is one
 * transaction of the write pipeline under the system actor: `pg_try_advisory_xact_lock` first (an
 * instance that does not get it leaves the run to the one that has it), then the job's
 * scheduled_jobs row (a run another instance finished meanwhile is not due any more), the job's
 * work with its audit events and outbox mails, and the row's last and next run, all committed
 * together. A crash rolls back all of it, and the next run does the work again once.
 */
export const createScheduler = (options: {
  writes: Writes;
  jobs: readonly ScheduledJobDefinition[];
  clock: Clock;
  onError?: (error: unknown, job: ScheduledJobName) => void;
}): Scheduler => {
  const { writes, jobs, clock } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const attempt = (job: ScheduledJobDefinition, now: Date, force: boolean): Promise<JobRunOutcome> =>
    runWrite(writes, SYSTEM_ACTOR, async (tx) => {
      const locked = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${lockKeyOf(job.name)}) as locked`,
      );
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked)
        return { value: 'busy' as const, events: [] };
      await tx.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
      const [row] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, job.name)).for('update');
      if (!force && row!.nextRunAt.getTime() > now.getTime()) return { value: 'notDue' as const, events: [] };
      const work = await job.run(tx, now);
      await tx
        .update(scheduledJobs)
        .set({
          lastRunAt: now,
          nextRunAt: new Date(now.getTime() + job.intervalMs),
          lastError: null,
          runCount: sql`${scheduledJobs.runCount} + 1`,
          version: sql`${scheduledJobs.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(scheduledJobs.name, job.name));
      return { value: 'ran' as const, ...work };
    });

  /** A failed run leaves its error on the row and tries again one interval later; nothing of its work stays. */
  const recordFailure = async (job: ScheduledJobDefinition, now: Date, error: unknown) => {
    await writes.db
      .update(scheduledJobs)
      .set({
        lastError: errorText(error),
        nextRunAt: new Date(now.getTime() + job.intervalMs),
        version: sql`${scheduledJobs.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(scheduledJobs.name, job.name));
  };

  const runJob: Scheduler['runJob'] = async (name, { force = false } = {}) => {
    const job = jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no scheduled job ${name}`);
    const now = clock();
    try {
      return await attempt(job, now, force);
    } catch (error) {
      options.onError?.(error, name);
      await recordFailure(job, now, error).catch((failure: unknown) => options.onError?.(failure, name));
      return 'failed';
    }
  };

  const runDue: Scheduler['runDue'] = async () => {
    const outcomes: Record<string, JobRunOutcome> = {};
    for (const job of jobs) outcomes[job.name] = await runJob(job.name);
    return outcomes;
  };

  return {
    jobs,
    runDue,
    runJob,
    start: (pollMs) => {
      if (timer) return;
      const tick = () => {
        running = running.then(runDue).catch(() => undefined);
      };
      tick();
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};
