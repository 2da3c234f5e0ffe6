import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScheduledJob } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { fakeApi, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

const job: ScheduledJob = {
  name: 'reviewSchedule',
  intervalMinutes: 60,
  lastRunAt: '2027-06-01T07:00:00.000Z',
  nextRunAt: '2027-06-01T08:00:00.000Z',
  lastError: 'the database did not answer',
  runCount: 41,
  version: 42,
};

describe('admin panel: scheduled jobs', () => {
  it('shows each job’s last and next run and its last error, and runs it now with the version seen', async () => {
    const calls = fakeApi({
      'GET /api/scheduled-jobs': () => ({ items: [job] }),
      'POST /api/scheduled-jobs/reviewSchedule/run': () => ({
        ...job,
        lastRunAt: '2027-06-01T07:30:00.000Z',
        lastError: null,
        runCount: 42,
        version: 44,
      }),
    });
    renderApp({ path: '/manage/adminPanel?tab=scheduledJobs', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Scheduled jobs/ });
    const row = within(table).getByRole('row', { name: /Reviews on schedule/ });
    expect(row).toHaveTextContent('every 60 minutes');
    expect(row).toHaveTextContent('1.6.2027, 09:00');
    expect(row).toHaveTextContent('1.6.2027, 10:00');
    expect(row).toHaveTextContent('the database did not answer');
    fireEvent.click(within(row).getByRole('button', { name: 'Run now: Reviews on schedule' }));
    await waitFor(() => expect(writesOf(calls).at(-1)).toMatchObject({ method: 'POST', body: { version: 42 } }));
    expect(await screen.findByText('Reviews on schedule ran')).toBeInTheDocument();
  });
});
