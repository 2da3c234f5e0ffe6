import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reviewScheduleJob } from '../commands/review-schedule.js';
import { auditEvents, mailOutbox, scheduledJobs, services } from '../db/schema.js';
import { createServiceInState } from '../test/services-fixtures.js';
import { useTwoAppsWithServiceWorld, type TwoAppsOnOneDatabase } from '../test/two-apps-one-database.js';
import { writesFor } from '../writes/after-commit.js';
import { createScheduler } from './scheduler.js';

const env = useTwoAppsWithServiceWorld();

/** Both instances' schedulers see the same moment, on their own connections to one database. */
const now = new Date('2027-05-02T09:00:00Z');
const schedulerOf = (app: TwoAppsOnOneDatabase['one']) =>
  createScheduler({ writes: writesFor(app.database), jobs: [reviewScheduleJob('Nubes')], clock: () => now });

it('starts a due review once, with one mail, when two instances run the job at the same moment', async () => {
  const { db } = env.apps.one.database;
  const service = await createServiceInState(db, {
    state: 'service_online',
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });
  await db
    .update(services)
    .set({ onlineSince: new Date('2026-05-01T12:00:00Z') })
    .where(eq(services.id, service.id));
  const one = schedulerOf(env.apps.one);
  const two = schedulerOf(env.apps.two);

  const outcomes = await Promise.all([
    one.runJob('reviewSchedule'),
    two.runJob('reviewSchedule'),
    one.runJob('reviewSchedule'),
    two.runJob('reviewSchedule'),
  ]);
  // One run; the others found the lock taken or the run done.
  expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
  expect(outcomes.every((outcome) => ['ran', 'busy', 'notDue'].includes(outcome))).toBe(true);

  const started = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'review.started')));
  expect(started).toHaveLength(1);
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.serviceId, service.id), eq(mailOutbox.kind, 'reviewStarted')));
  expect(mails).toHaveLength(1);
  const [job] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'reviewSchedule'));
  expect(job).toMatchObject({ runCount: 1, lastRunAt: now });
});
