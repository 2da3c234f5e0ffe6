import type { ReviewStatus } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import { auditEvents, serviceReviews, services, users } from '../db/schema.js';
import { demoActor, demoServiceId, type DemoSeed } from './demo-seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoReview {
  service: string;
  status: ReviewStatus;
  startedDaysAgo: number;
  /** When the provider side answered (finishedOK, editRequired) or the review ended (inactive). */
  doneDaysAgo?: number;
}

/**
 * Reviews of the demo (ADR 0029): one waiting in the catalogue and one in the pipeline, one
 * answered "no changes", one answered with a change request and one ended a while ago. alice's
 * services have none, so a first bulk start in the catalogue reaches them.
 */
const DEMO_REVIEWS: readonly DemoReview[] = [
  { service: 'S3 Object Storage', status: 'running', startedDaysAgo: 6 },
  { service: 'Kubernetes as a Service', status: 'running', startedDaysAgo: 6 },
  { service: 'Virtual Machine Cloud', status: 'finishedOK', startedDaysAgo: 20, doneDaysAgo: 18 },
  { service: 'Research Data Repository', status: 'editRequired', startedDaysAgo: 20, doneDaysAgo: 3 },
  { service: 'Long-term Data Archive', status: 'inactive', startedDaysAgo: 60, doneDaysAgo: 40 },
];

const at9 = (now: Date, daysAgo: number) => {
  const date = new Date(now.getTime() - daysAgo * DAY_MS);
  date.setUTCHours(9, 0, 0, 0);
  return date;
};

/** Writes the demo reviews with their history: started by the portfolio manager, answered by the object owner. */
export const seedDemoReviews: DemoSeed = async (tx, serviceIds, userIds, now) => {
  const manager = demoActor(userIds, 'paula');
  for (const demo of DEMO_REVIEWS) {
    const serviceId = demoServiceId(serviceIds, demo.service, 'review');
    const [service] = await tx
      .select({ ownerId: services.objectOwnerId, ownerName: users.username })
      .from(services)
      .leftJoin(users, eq(users.id, services.objectOwnerId))
      .where(eq(services.id, serviceId));
    const startedAt = at9(now, demo.startedDaysAgo);
    const doneAt = demo.doneDaysAgo === undefined ? null : at9(now, demo.doneDaysAgo);
    const answered = demo.status === 'finishedOK' || demo.status === 'editRequired';
    const ended = demo.status === 'inactive';
    await tx.insert(serviceReviews).values({
      serviceId,
      status: demo.status,
      startedAt,
      startedById: manager.id,
      answeredAt: answered || ended ? doneAt : null,
      answeredById: answered || ended ? (service?.ownerId ?? null) : null,
      endedAt: ended ? doneAt : null,
      lastOutcome: ended ? 'finishedOK' : null,
      version: ended ? 3 : answered ? 2 : 1,
      updatedAt: doneAt ?? startedAt,
    });
    const ref = { objectType: 'service' as const, objectId: serviceId };
    const rows = [
      auditRowOf(
        manager,
        { ...ref, action: 'review.started', before: { reviewStatus: 'inactive' }, after: { reviewStatus: 'running' } },
        startedAt,
      ),
    ];
    const owner = { id: service?.ownerId ?? null, name: service?.ownerName ?? 'system' };
    if (doneAt && (demo.status === 'finishedOK' || ended))
      rows.push(
        auditRowOf(
          owner,
          {
            ...ref,
            action: 'review.confirmed',
            before: { reviewStatus: 'running' },
            after: { reviewStatus: 'finishedOK' },
          },
          new Date(doneAt.getTime() - (ended ? DAY_MS : 0)),
        ),
      );
    if (doneAt && demo.status === 'editRequired')
      rows.push(
        auditRowOf(
          owner,
          {
            ...ref,
            action: 'review.editRequired',
            before: { reviewStatus: 'running' },
            after: { reviewStatus: 'editRequired' },
          },
          doneAt,
        ),
      );
    if (doneAt && ended)
      rows.push(
        auditRowOf(
          manager,
          {
            ...ref,
            action: 'review.ended',
            before: { reviewStatus: 'finishedOK' },
            after: { reviewStatus: 'inactive' },
          },
          doneAt,
        ),
      );
    await tx.insert(auditEvents).values(rows);
  }
};
