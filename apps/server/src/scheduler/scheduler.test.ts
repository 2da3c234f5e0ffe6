import { REVIEW_STARTS_PER_DAY } from '@nubes/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewScheduleJob, runReviewSchedule } from '../commands/review-schedule.js';
import { auditEvents, mailOutbox, reviewSchedule, scheduledJobs, serviceReviews, services } from '../db/schema.js';
import { loadReviewListPage } from '../queries/service-review-list.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';
import { runWrite } from '../writes/pipeline.js';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { createScheduler } from './scheduler.js';

let test: TestApp;
let world: ServiceWorld;
/** The moment the scheduler sees; the tests move it, wall time never matters. */
let now = new Date('2027-03-01T09:00:00Z');
const clock = () => now;

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
});
afterAll(() => test.close());

const schedulerOn = () =>
  createScheduler({ writes: writesFor(test.database), jobs: [reviewScheduleJob('Nubes')], clock });

/** A catalogue service of alice's that went online on the given day. */
const onlineService = async (onlineSince: string) => {
  const service = await createServiceInState(test.database.db, {
    state: 'service_online',
    objectOwnerId: world.people.alice!.id,
    providerInstitutionId: world.institutions.HPCN,
  });
  await test.database.db
    .update(services)
    .set({ onlineSince: new Date(`${onlineSince}T12:00:00Z`) })
    .where(eq(services.id, service.id));
  return service;
};

const mailsOf = (serviceId: string, kind: string) =>
  test.database.db
    .select({ to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.serviceId, serviceId), eq(mailOutbox.kind, kind)));

const eventsOf = (serviceId: string, action: string) =>
  test.database.db
    .select({ actorName: auditEvents.actorName, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, serviceId), eq(auditEvents.action, action)));

const reviewOf = async (serviceId: string) =>
  (await test.database.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId)))[0];

/** The job's body once more at the same moment, as a run repeated after a crash would do it. */
const repeatBody = () =>
  runWrite(writesFor(test.database), SYSTEM_ACTOR, async (tx) => ({
    value: undefined,
    ...(await runReviewSchedule(tx, now, 'Nubes')),
  }));

describe('the review schedule job with a moved clock', () => {
  it('starts a review one year after the service went online, once, with one mail, however often it runs then', async () => {
    const service = await onlineService('2026-03-10');
    const scheduler = schedulerOn();

    now = new Date('2027-03-09T09:00:00Z');
    expect(await scheduler.runJob('reviewSchedule', { force: true })).toBe('ran');
    expect(await reviewOf(service.id)).toBeUndefined();

    now = new Date('2027-03-10T06:00:00Z');
    expect(await scheduler.runJob('reviewSchedule', { force: true })).toBe('ran');
    expect(await reviewOf(service.id)).toMatchObject({ status: 'running', startedAt: now, startedById: null });
    expect(await eventsOf(service.id, 'review.started')).toEqual([
      { actorName: 'system', after: { reviewStatus: 'running' } },
    ]);
    expect(await mailsOf(service.id, 'reviewStarted')).toHaveLength(1);

    // Again at the same moment: not due (the row says when), forced, and the body alone.
    expect(await scheduler.runJob('reviewSchedule')).toBe('notDue');
    expect(await scheduler.runJob('reviewSchedule', { force: true })).toBe('ran');
    await repeatBody();
    expect(await eventsOf(service.id, 'review.started')).toHaveLength(1);
    expect(await mailsOf(service.id, 'reviewStarted')).toHaveLength(1);
  });

  it('reminds the provider side 14 and 28 days after the start, once each, then lists the review as overdue', async () => {
    now = new Date('2027-03-01T09:00:00Z');
    const service = await onlineService('2026-03-01');
    const scheduler = schedulerOn();
    await scheduler.runJob('reviewSchedule', { force: true });
    expect((await reviewOf(service.id))?.status).toBe('running');
    const paula = world.people.paula!;
    const listed = async (schedule: 'due' | 'overdue') => {
      const page = await loadReviewListPage(
        test.database.db,
        paula,
        { schedule, sort: 'name', order: 'asc', page: 1, pageSize: 100 },
        now,
      );
      return page.rows.some((row) => row.id === service.id);
    };
    expect(await listed('due')).toBe(true);

    now = new Date('2027-03-14T09:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    expect(await mailsOf(service.id, 'reviewReminder')).toHaveLength(0);

    now = new Date('2027-03-15T09:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    await repeatBody();
    expect(await mailsOf(service.id, 'reviewReminder')).toHaveLength(1);
    expect(await eventsOf(service.id, 'review.reminded')).toEqual([
      { actorName: 'system', after: { reminderDay: 14 } },
    ]);

    now = new Date('2027-03-29T09:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    await scheduler.runJob('reviewSchedule', { force: true });
    expect(await mailsOf(service.id, 'reviewReminder')).toHaveLength(2);
    expect(await listed('overdue')).toBe(true);
    expect(await listed('due')).toBe(false);
  });

  it('sends nothing for a run that crashed before its commit, and everything once on the next run', async () => {
    now = new Date('2027-04-02T09:00:00Z');
    const service = await onlineService('2026-04-01');
    await expect(
      test.database.db.transaction(async (tx) => {
        await runReviewSchedule(tx, now, 'Nubes');
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await reviewOf(service.id)).toBeUndefined();
    expect(await mailsOf(service.id, 'reviewStarted')).toHaveLength(0);

    await schedulerOn().runJob('reviewSchedule', { force: true });
    await repeatBody();
    expect(await mailsOf(service.id, 'reviewStarted')).toHaveLength(1);
  });

  it('leaves a review stopped by hand stopped for the same date, and starts one for a new date', async () => {
    now = new Date('2027-05-02T09:00:00Z');
    const service = await onlineService('2026-05-01');
    const scheduler = schedulerOn();
    await scheduler.runJob('reviewSchedule', { force: true });
    // The portfolio manager takes the review back.
    await test.database.db
      .update(serviceReviews)
      .set({ status: 'inactive', startedAt: null })
      .where(eq(serviceReviews.serviceId, service.id));
    await scheduler.runJob('reviewSchedule', { force: true });
    expect((await reviewOf(service.id))?.status).toBe('inactive');
    await test.database.db
      .update(reviewSchedule)
      .set({ nextReviewOn: '2027-05-02', fixedOn: '2027-05-02', fixedAt: now })
      .where(eq(reviewSchedule.serviceId, service.id));
    await scheduler.runJob('reviewSchedule', { force: true });
    expect((await reviewOf(service.id))?.status).toBe('running');
    expect(await eventsOf(service.id, 'review.started')).toHaveLength(2);
  });

  it('keeps a failed run’s error on the job’s row, and clears it at the next run', async () => {
    const failing = createScheduler({
      writes: writesFor(test.database),
      clock,
      jobs: [
        {
          name: 'reviewSchedule',
          intervalMs: 60_000,
          run: () => Promise.reject(new Error('the job broke')),
        },
      ],
    });
    expect(await failing.runJob('reviewSchedule', { force: true })).toBe('failed');
    const [row] = await test.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'reviewSchedule'));
    expect(row).toMatchObject({ lastError: 'the job broke' });
    await schedulerOn().runJob('reviewSchedule', { force: true });
    const [after] = await test.database.db
      .select()
      .from(scheduledJobs)
      .where(inArray(scheduledJobs.name, ['reviewSchedule']));
    expect(after).toMatchObject({ lastError: null, lastRunAt: now });
  });

  it('starts a backlog of past-due reviews a day’s share at a time, the earliest due first', async () => {
    // Services online for years without a review, as after an upgrade: all past due at once.
    const backlog: Awaited<ReturnType<typeof onlineService>>[] = [];
    for (let day = 1; day <= REVIEW_STARTS_PER_DAY + 5; day += 1) {
      backlog.push(await onlineService(`2020-01-${String(day).padStart(2, '0')}`));
    }
    const scheduler = schedulerOn();
    const started = async () =>
      (await Promise.all(backlog.map(async ({ id }) => (await reviewOf(id))?.status === 'running'))).filter(Boolean)
        .length;

    now = new Date('2031-06-02T09:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    expect(await started()).toBe(REVIEW_STARTS_PER_DAY);
    expect((await reviewOf(backlog[0]!.id))?.status).toBe('running');
    expect(await reviewOf(backlog.at(-1)!.id)).toBeUndefined();
    const mails = await Promise.all(backlog.map(({ id }) => mailsOf(id, 'reviewStarted')));
    expect(mails.filter((sent) => sent.length > 0)).toHaveLength(REVIEW_STARTS_PER_DAY);

    now = new Date('2031-06-02T15:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    expect(await started()).toBe(REVIEW_STARTS_PER_DAY);

    now = new Date('2031-06-03T09:00:00Z');
    await scheduler.runJob('reviewSchedule', { force: true });
    expect(await started()).toBe(REVIEW_STARTS_PER_DAY + 5);
  });
});
