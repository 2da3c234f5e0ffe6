import type { ScheduledJobName } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { scheduledJobs } from '../db/schema.js';
import { conflict } from '../http/http-error.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/**
 * "Run now" (docs/adr/0115-one-scheduler-for-timed-work.md): the portal manager makes the job due
 * at `now`, version-checked against its row (0 while it never ran) and audited; the route then
 * runs it through the scheduler, under the job's lock like every run.
 */
export const requestJobRun = (
  writes: Writes,
  principal: AuthUser,
  name: ScheduledJobName,
  version: number,
  now: Date,
): Promise<void> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [row] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)).for('update');
    if ((row?.version ?? 0) !== version) throw conflict();
    const [saved] = row
      ? await tx
          .update(scheduledJobs)
          .set({ nextRunAt: now, version: row.version + 1, updatedAt: sql`now()` })
          .where(eq(scheduledJobs.name, name))
          .returning()
      : await tx.insert(scheduledJobs).values({ name, nextRunAt: now }).onConflictDoNothing().returning();
    if (!saved) throw conflict();
    return {
      value: undefined,
      events: [
        {
          action: 'scheduledJob.runRequested',
          objectType: 'scheduledJob',
          objectId: name,
          before: null,
          after: { name },
        },
      ],
    };
  });
