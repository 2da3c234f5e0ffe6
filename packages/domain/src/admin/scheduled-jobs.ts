import { z } from 'zod';
import { isOneOf } from '../one-of.js';
import { msg } from '../i18n/core.js';

/**
 * The portal's timed jobs (docs/adr/0115-one-scheduler-for-timed-work.md), by name: the admin panel
 * names each in the reader's language.
 */
export const SCHEDULED_JOBS = ['reviewSchedule', 'pilotNotices', 'downtimes'] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number];

export const isScheduledJobName = isOneOf(SCHEDULED_JOBS);

const isoDateTime = z.string().meta({ format: 'date-time' });

export const scheduledJobParamSchema = z.object({
  name: z.enum(SCHEDULED_JOBS, { error: msg('validation.option') }),
});

/** A job as the admin panel shows it: when it last ran and runs next, how often, its last error. */
export const scheduledJobSchema = z
  .object({
    name: z.enum(SCHEDULED_JOBS),
    intervalMinutes: z.int(),
    lastRunAt: isoDateTime.nullable(),
    nextRunAt: isoDateTime.nullable(),
    lastError: z.string().nullable(),
    runCount: z.int(),
    /** 0 while the job never ran here. */
    version: z.int(),
  })
  .meta({ id: 'ScheduledJob' });
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

export const scheduledJobListSchema = z.object({ items: z.array(scheduledJobSchema) }).meta({ id: 'ScheduledJobList' });
export type ScheduledJobList = z.infer<typeof scheduledJobListSchema>;

/** "Run now": the version the portal manager saw, so a run nobody saw is not asked for twice. */
export const runScheduledJobRequestSchema = z
  .object({ version: z.int({ error: msg('validation.invalidType') }).min(0, msg('validation.invalid')) })
  .strict()
  .meta({ id: 'RunScheduledJobRequest' });
