import { isCatalogueState, todayIso } from '@nubes/domain';
import { auditRowOf } from '../audit/record-audit.js';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import type { Tx } from '../db/client.js';
import { auditEvents, reviewReminders, reviewSchedule, serviceReviews } from '../db/schema.js';
import { DEMO_SERVICES } from './catalogue.js';
import { demoServiceId } from './demo-seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from the seed to a service's next review: one due soon, one due, the rest spread over the year. */
const DUE_IN: Readonly<Record<string, number>> = {
  'Nextcloud Sync & Share': 12,
  'Long-term Data Archive': -1,
};

/** The review the schedule started and nobody answered: overdue, both reminders sent. */
const OVERDUE = { service: 'Video Conferencing', startedDaysAgo: 35 };

/**
 * The review schedule of the demo (docs/adr/0116-reviews-on-a-schedule.md): every catalogue service
 * has a date the portfolio manager planned (so the first run of the job starts no review of a
 * service that has been online for years), one is due soon, one came due a day ago (the first run
 * starts its review with its mail), and one review started by the schedule 35 days ago waits
 * unanswered, reminded twice: overdue.
 */
export const seedDemoReviewSchedule = async (
  tx: Tx,
  serviceIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> => {
  const day = (offset: number) => todayIso(new Date(now.getTime() + offset * DAY_MS));
  const catalogue = DEMO_SERVICES.filter((demo) => isCatalogueState(demo.state));
  const rows = catalogue.map((demo, index) => {
    const offset =
      demo.name === OVERDUE.service ? -OVERDUE.startedDaysAgo : (DUE_IN[demo.name] ?? 45 + ((index * 53) % 300));
    const date = day(offset);
    return {
      serviceId: serviceIds.get(demo.name)!,
      nextReviewOn: date,
      fixedOn: date,
      fixedAt: now,
      startedFor: demo.name === OVERDUE.service ? date : null,
    };
  });
  await tx.insert(reviewSchedule).values(rows);

  const serviceId = demoServiceId(serviceIds, OVERDUE.service, 'review schedule');
  const startedAt = new Date(now.getTime() - OVERDUE.startedDaysAgo * DAY_MS);
  startedAt.setUTCHours(6, 0, 0, 0);
  await tx.insert(serviceReviews).values({ serviceId, status: 'running', startedAt, version: 1, updatedAt: startedAt });
  const ref = { objectType: 'service' as const, objectId: serviceId };
  const events = [
    auditRowOf(
      SYSTEM_ACTOR,
      { ...ref, action: 'review.started', before: { reviewStatus: 'inactive' }, after: { reviewStatus: 'running' } },
      startedAt,
    ),
  ];
  for (const reminderDay of [14, 28]) {
    const sentAt = new Date(startedAt.getTime() + reminderDay * DAY_MS);
    await tx.insert(reviewReminders).values({ serviceId, roundStartedAt: startedAt, reminderDay, sentAt });
    events.push(
      auditRowOf(SYSTEM_ACTOR, { ...ref, action: 'review.reminded', before: null, after: { reminderDay } }, sentAt),
    );
  }
  await tx.insert(auditEvents).values(events);
};
