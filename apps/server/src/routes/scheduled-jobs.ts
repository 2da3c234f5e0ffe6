import {
  runScheduledJobRequestSchema,
  scheduledJobListSchema,
  scheduledJobParamSchema,
  scheduledJobSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { requestJobRun } from '../commands/scheduled-jobs.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { loadScheduledJobs } from '../queries/scheduled-jobs.js';

/** The timed jobs in the admin panel (docs/adr/0115-one-scheduler-for-timed-work.md). */
export const scheduledJobRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;
  const { scheduler } = context;

  api.get('/scheduled-jobs', {
    access: 'scheduledJob.manage',
    summary: 'The timed jobs with their last run, next run, last error and number of runs',
    answer: scheduledJobListSchema,
    errors: [401, 403],
    handler: async () => ({ items: await loadScheduledJobs(db, scheduler.jobs) }),
  });

  api.post('/scheduled-jobs/:name/run', {
    access: 'scheduledJob.manage',
    summary: 'Run a timed job now, under its lock like every run; answers the job after the run',
    description:
      '`version` is the job’s (0 while it never ran); 409 when it is stale (the job ran meanwhile). A failed run answers 200 with the job’s `lastError`.',
    params: scheduledJobParamSchema,
    body: runScheduledJobRequestSchema,
    answer: scheduledJobSchema,
    errors: [400, 401, 403, 409],
    handler: async (request, principal) => {
      const { name } = request.params;
      await requestJobRun(context.writes, principal, name, request.body.version, context.clock());
      await scheduler.runJob(name);
      const jobs = await loadScheduledJobs(db, scheduler.jobs);
      return jobs.find((job) => job.name === name)!;
    },
  });
};
