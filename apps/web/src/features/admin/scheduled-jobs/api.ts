import type { ScheduledJob, ScheduledJobList } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const scheduledJobKeys = { all: ['scheduled-jobs'] as const };

export const fetchScheduledJobs = (signal?: AbortSignal) =>
  apiRequest<ScheduledJobList>('/api/scheduled-jobs', { signal });

export const runScheduledJob = (job: Pick<ScheduledJob, 'name' | 'version'>) =>
  apiRequest<ScheduledJob>(`/api/scheduled-jobs/${encodeURIComponent(job.name)}/run`, {
    method: 'POST',
    body: { version: job.version },
  });
