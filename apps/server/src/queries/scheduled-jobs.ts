import type { ScheduledJob, ScheduledJobName } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';

/**
 * The jobs as the admin panel lists them, in the order given: each with its row, or none yet (a job
 * that never ran here is version 0).
 */
export const loadScheduledJobs = async (
  db: Db,
  jobs: readonly { name: ScheduledJobName; intervalMs: number }[],
): Promise<ScheduledJob[]> => {
  const rows = new Map((await db.select().from(scheduledJobs)).map((row) => [row.name, row]));
  return jobs.map(({ name, intervalMs }) => {
    const row = rows.get(name);
    return {
      name,
      intervalMinutes: Math.round(intervalMs / 60_000),
      lastRunAt: row?.lastRunAt?.toISOString() ?? null,
      nextRunAt: row?.nextRunAt.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      runCount: row?.runCount ?? 0,
      version: row?.version ?? 0,
    };
  });
};
