import { Stack, Text } from '@mantine/core';
import { formatDateTime, type ScheduledJob } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { reportWriteError } from '../../../api/writes';
import { actionsColumn, DataTable, type DataTableColumn } from '../../../components/data-table';
import { QueryFallback } from '../../../components/QueryFallback';
import { fetchScheduledJobs, runScheduledJob, scheduledJobKeys } from './api';

/**
 * The portal's timed jobs (docs/adr/0115-one-scheduler-for-timed-work.md): each with its interval,
 * last and next run, runs so far and last error, and "Run now" for the portal manager.
 */
export const ScheduledJobsSection = () => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: scheduledJobKeys.all, queryFn: ({ signal }) => fetchScheduledJobs(signal) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: scheduledJobKeys.all });
  const nameOf = (job: Pick<ScheduledJob, 'name'>) => t(`adminSections.scheduledJobs.jobs.${job.name}`);
  const run = useMutation({
    mutationFn: runScheduledJob,
    onSuccess: (job) => {
      reload();
      if (job.lastError) notifyError(t('adminSections.scheduledJobs.failed', { name: nameOf(job) }), job.lastError);
      else notifySuccess(t('adminSections.scheduledJobs.ran', { name: nameOf(job) }), formatDateTime(job.lastRunAt));
    },
    onError: (error) => reportWriteError(error, t('adminSections.scheduledJobs.cannotRun'), t, { onConflict: reload }),
  });

  const columns = useMemo(
    (): DataTableColumn<ScheduledJob>[] => [
      {
        id: 'name',
        header: t('adminSections.scheduledJobs.name'),
        cell: (row) => (
          <Stack gap={2}>
            <Text span inherit fw={600}>
              {nameOf(row)}
            </Text>
            <Text span size="sm" c="dimmed">
              {t(`adminSections.scheduledJobs.descriptions.${row.name}`)}
            </Text>
          </Stack>
        ),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'every',
        header: t('adminSections.scheduledJobs.every'),
        cell: (row) => t('adminSections.scheduledJobs.everyMinutes', { count: row.intervalMinutes }),
      },
      {
        id: 'lastRun',
        header: t('adminSections.scheduledJobs.lastRun'),
        cell: (row) => (row.lastRunAt ? formatDateTime(row.lastRunAt) : t('adminSections.scheduledJobs.never')),
        sortValue: (row) => row.lastRunAt ?? '',
      },
      {
        id: 'nextRun',
        header: t('adminSections.scheduledJobs.nextRun'),
        cell: (row) => (row.nextRunAt ? formatDateTime(row.nextRunAt) : '–'),
        sortValue: (row) => row.nextRunAt ?? '',
      },
      {
        id: 'runs',
        header: t('adminSections.scheduledJobs.runs'),
        cell: (row) => row.runCount.toLocaleString(i18n.language),
        sortValue: (row) => row.runCount,
        numeric: true,
      },
      {
        id: 'lastError',
        header: t('adminSections.scheduledJobs.lastError'),
        cell: (row) =>
          row.lastError ? (
            <Text span inherit c="red.8" style={{ wordBreak: 'break-word' }}>
              {row.lastError}
            </Text>
          ) : (
            t('adminSections.scheduledJobs.noError')
          ),
      },
      actionsColumn<ScheduledJob>(t('adminSections.scheduledJobs.actions'), [
        {
          label: t('adminSections.scheduledJobs.runNow'),
          name: (row) => t('adminSections.scheduledJobs.runNowOf', { name: nameOf(row) }),
          onClick: (row) => run.mutate(row),
          loading: (row) => run.isPending && run.variables?.name === row.name,
          size: 'xs',
        },
      ]),
    ],
    // nameOf and run change with t and the mutation's state, which the deps name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, run.isPending, run.variables],
  );

  if (!jobs.isSuccess) return <QueryFallback query={jobs} title={t('adminSections.scheduledJobs.cannotLoad')} />;
  return (
    <DataTable
      id="scheduled-jobs"
      caption={t('adminSections.scheduledJobs.caption')}
      columns={columns}
      rows={jobs.data.items}
      getRowId={(row) => row.name}
      empty={{ title: t('adminSections.scheduledJobs.never') }}
    />
  );
};
