import {
  DEFAULT_REVIEW_INTERVAL_MONTHS,
  REVIEW_REMINDER_DAYS,
  REVIEW_STARTS_PER_DAY,
  isCatalogueState,
  todayIso,
  type AuditEvent,
  type NextReview,
  type NextReviewRequest,
  type ReviewScheduleSettings,
  type ReviewScheduleSettingsRequest,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { reviewSchedule, reviewScheduleSettings } from '../db/schema.js';
import { conflict } from '../http/http-error.js';
import { serviceMailsOf } from '../mail/service-mails.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { CATALOGUE, EFFECTIVE_DATE, FIXED_HOLDS, rowsOf, STARTABLE } from '../queries/review-schedule.js';
import type { JobWork, ScheduledJobDefinition } from '../scheduler/scheduler.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/**
 * Brings every catalogue service's next review date up to date (a review ended, a service went
 * online, the interval changed) and forgets the services that left the catalogue. Writes only rows
 * whose date changed, so running it twice writes nothing the second time.
 */
export const refreshReviewSchedule = async (tx: Tx, serviceId?: string): Promise<void> => {
  // One service's date after a change of its own (marked a pilot: docs/adr/0121-pilot-services.md).
  const only = serviceId === undefined ? sql`` : sql`and s.id = ${serviceId}`;
  await tx.execute(sql`
    insert into review_schedule (service_id, next_review_on, fixed_on, fixed_at, version, updated_at)
    select s.id, ${EFFECTIVE_DATE},
           case when ${FIXED_HOLDS} then rs.fixed_on end, case when ${FIXED_HOLDS} then rs.fixed_at end, 1, now()
      from services s
      left join service_reviews r on r.service_id = s.id
      left join review_schedule rs on rs.service_id = s.id
     where s.state in (${CATALOGUE}) ${only}
    on conflict (service_id) do update
       set next_review_on = excluded.next_review_on, fixed_on = excluded.fixed_on, fixed_at = excluded.fixed_at,
           version = review_schedule.version + 1, updated_at = now()
     where (review_schedule.next_review_on, review_schedule.fixed_on)
           is distinct from (excluded.next_review_on, excluded.fixed_on)`);
  await tx.execute(sql`
    delete from review_schedule rs using services s
     where s.id = rs.service_id and s.state not in (${CATALOGUE}) ${only}`);
};

/** Who a mail of the schedule names as the one who acted: the portal, by its name (no person acted). */
const scheduleActor = (productName: string) => ({ id: '', name: productName });

/**
 * Starts the review of every service whose date has come, in a state a review can start in, with no
 * open review and none started for this date yet (a review stopped by hand stays stopped until the
 * date changes): the columns, event and mail of a start by hand (commands/reviews.ts), for all of
 * them in one statement, started at `now`. No more than REVIEW_STARTS_PER_DAY a day, counted among
 * the open reviews the schedule started since the day began; the earliest due go first.
 */
export const startDueReviews = async (tx: Tx, now: Date, productName: string): Promise<JobWork> => {
  const today = todayIso(now);
  const [{ startedToday } = { startedToday: 0 }] = rowsOf<{ startedToday: number }>(
    await tx.execute(sql`
      select count(*)::int as "startedToday"
        from service_reviews
       where started_by is null and status <> 'inactive'
         and started_at >= (${today}::date::timestamp at time zone 'Europe/Berlin')
         and started_at < ((${today}::date + 1)::timestamp at time zone 'Europe/Berlin')`),
  );
  const room = REVIEW_STARTS_PER_DAY - startedToday;
  if (room <= 0) return { events: [] };
  const due = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select rs.service_id as id
        from review_schedule rs
        join services s on s.id = rs.service_id
        left join service_reviews r on r.service_id = rs.service_id
       where rs.next_review_on <= ${today}::date
         and rs.started_for is distinct from rs.next_review_on
         and s.state in (${STARTABLE})
         and coalesce(r.status, 'inactive') = 'inactive'
       order by rs.next_review_on, rs.service_id
       limit ${room}
         for update of rs
         for share of s`),
  );
  if (due.length === 0) return { events: [] };
  const ids = sql.join(
    due.map(({ id }) => sql`${id}::uuid`),
    sql`, `,
  );
  const started = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into service_reviews (service_id, status, started_at, started_by, answered_at, answered_by, version, updated_at)
      select id, 'running', ${now.toISOString()}::timestamptz, null, null, null, 1, now()
        from unnest(array[${ids}]) as id
      on conflict (service_id) do update
         set status = 'running', started_at = excluded.started_at, started_by = null, answered_at = null,
             answered_by = null, version = service_reviews.version + 1, updated_at = now()
       where service_reviews.status = 'inactive'
      returning service_id as id`),
  );
  await tx.execute(sql`
    update review_schedule set started_for = next_review_on
     where service_id in (${ids})`);
  const actor = scheduleActor(productName);
  return {
    events: started.map(({ id }): AuditEvent => ({
      action: 'review.started',
      objectType: 'service',
      objectId: id,
      before: { reviewStatus: 'inactive' },
      after: { reviewStatus: 'running' },
    })),
    mails: await serviceMailsOf(
      tx,
      'reviewStarted',
      started.map(({ id }) => ({ serviceId: id, actor })),
    ),
  };
};

/**
 * Reminds the provider side of every review still unanswered 14 and 28 days after it started:
 * review_reminders' key (service, the round's start, the day) lets each reminder be written once,
 * and only a reminder written now is mailed. A review that missed both days gets one mail.
 */
export const remindUnansweredReviews = async (tx: Tx, now: Date, productName: string): Promise<JobWork> => {
  const days = sql.raw(REVIEW_REMINDER_DAYS.map((day) => `(${day})`).join(', '));
  const at = sql`${now.toISOString()}::timestamptz`;
  const written = rowsOf<{ id: string; day: number }>(
    await tx.execute(sql`
      insert into review_reminders (service_id, round_started_at, reminder_day, sent_at)
      select r.service_id, r.started_at, d.day, ${at}
        from service_reviews r cross join (values ${days}) as d(day)
       where r.status = 'running' and r.started_at <= ${at} - make_interval(days => d.day)
      on conflict do nothing
      returning service_id as id, reminder_day as day`),
  );
  if (written.length === 0) return { events: [] };
  const actor = scheduleActor(productName);
  const services = [...new Set(written.map(({ id }) => id))];
  return {
    events: written.map(({ id, day }): AuditEvent => ({
      action: 'review.reminded',
      objectType: 'service',
      objectId: id,
      before: null,
      after: { reminderDay: Number(day) },
    })),
    mails: await serviceMailsOf(
      tx,
      'reviewReminder',
      services.map((serviceId) => ({ serviceId, actor })),
    ),
  };
};

/** The review schedule job's work at `now`: dates brought up to date, due reviews started, reminders sent. */
export const runReviewSchedule = async (tx: Tx, now: Date, productName: string): Promise<JobWork> => {
  await refreshReviewSchedule(tx);
  const started = await startDueReviews(tx, now, productName);
  const reminded = await remindUnansweredReviews(tx, now, productName);
  return {
    events: [...started.events, ...reminded.events],
    mails: [...(started.mails ?? []), ...(reminded.mails ?? [])],
  };
};

/**
 * The portfolio manager saves the intervals (version-checked, audited); every next review date
 * that follows the default moves with it in the same transaction.
 */
export const updateReviewScheduleSettings = (
  writes: Writes,
  principal: AuthUser,
  request: ReviewScheduleSettingsRequest,
): Promise<ReviewScheduleSettings> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [row] = await tx.select().from(reviewScheduleSettings).where(eq(reviewScheduleSettings.id, 1)).for('update');
    // No row: nobody saved the settings yet, version 0 as loadReviewScheduleSettings answers it.
    if ((row?.version ?? 0) !== request.version) throw conflict();
    const before = row
      ? { defaultMonths: row.defaultMonths, pilotMonths: row.pilotMonths }
      : { defaultMonths: DEFAULT_REVIEW_INTERVAL_MONTHS, pilotMonths: DEFAULT_REVIEW_INTERVAL_MONTHS };
    const after = { defaultMonths: request.defaultMonths, pilotMonths: request.pilotMonths };
    const [saved] = row
      ? await tx
          .update(reviewScheduleSettings)
          .set({ ...after, version: row.version + 1, updatedAt: sql`now()` })
          .where(eq(reviewScheduleSettings.id, 1))
          .returning()
      : // Two first saves at once: the second finds the row inserted and is told the settings changed.
        await tx
          .insert(reviewScheduleSettings)
          .values({ id: 1, ...after })
          .onConflictDoNothing()
          .returning();
    if (!saved) throw conflict();
    await refreshReviewSchedule(tx);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
    return {
      value: { defaultMonths: saved!.defaultMonths, pilotMonths: saved!.pilotMonths, version: saved!.version },
      events:
        changed.length === 0
          ? []
          : [
              {
                action: 'reviewSchedule.updated',
                objectType: 'reviewSchedule',
                objectId: 'default',
                before: Object.fromEntries(changed.map((key) => [key, before[key]])),
                after: Object.fromEntries(changed.map((key) => [key, after[key]])),
              },
            ],
    };
  });

/**
 * The portfolio manager sets a catalogue service's next review date (version-checked against the
 * schedule row, 0 without one; audited on the service): it holds until a review ends after it.
 */
export const setNextReview = (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  request: NextReviewRequest,
): Promise<NextReview> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
    if (!isCatalogueState(service.relation.state)) throw conflict('reviews.errors.notScheduled');
    const [row] = await tx.select().from(reviewSchedule).where(eq(reviewSchedule.serviceId, serviceId)).for('update');
    if ((row?.version ?? 0) !== request.version) throw conflict();
    const values = { nextReviewOn: request.date, fixedOn: request.date, fixedAt: sql`now()` };
    const [saved] = row
      ? await tx
          .update(reviewSchedule)
          .set({ ...values, version: row.version + 1, updatedAt: sql`now()` })
          .where(eq(reviewSchedule.serviceId, serviceId))
          .returning()
      : await tx
          .insert(reviewSchedule)
          .values({ serviceId, ...values })
          .onConflictDoNothing()
          .returning();
    if (!saved) throw conflict();
    return {
      value: { date: saved.nextReviewOn, setByManager: true, version: saved.version },
      events: [
        {
          action: 'review.dateSet',
          objectType: 'service',
          objectId: serviceId,
          before: { nextReviewOn: row?.nextReviewOn ?? null },
          after: { nextReviewOn: request.date },
        },
      ],
    };
  });

/** How often the review schedule job runs: due dates are days, an hour late is on time. */
const REVIEW_SCHEDULE_INTERVAL_MS = 60 * 60 * 1000;

/** The review schedule as a job of the scheduler (docs/adr/0116-reviews-on-a-schedule.md). */
export const reviewScheduleJob = (productName: string): ScheduledJobDefinition => ({
  name: 'reviewSchedule',
  intervalMs: REVIEW_SCHEDULE_INTERVAL_MS,
  run: (tx, now) => runReviewSchedule(tx, now, productName),
});
