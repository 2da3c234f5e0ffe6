import {
  checkReviewAction,
  isProviderSide,
  type BulkReviewAction,
  type BulkReviewRequest,
  type ManualReviewAction,
  type ReviewFilters,
  type ReviewStatus,
} from '@nubes/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { serviceReviews, services } from '../db/schema.js';
import { conflict, forbidden } from '../http/http-error.js';
import { mailActorOf, serviceMails, serviceMailsOf } from '../mail/service-mails.js';
import { bulkEligibleSql, reviewListWhere } from '../queries/service-review-list.js';
import { runWrite, type ObjectEvent, type Writes } from '../writes/pipeline.js';
import { changeReview, type ReviewedService, type ReviewSet } from '../writes/review-writes.js';

const EVENT_OF = {
  start: 'review.started',
  stop: 'review.stopped',
  end: 'review.ended',
  confirm: 'review.confirmed',
} as const satisfies Record<ManualReviewAction, string>;

/** What each action writes on the review row; `end` keeps the round's outcome as the last review. */
const columnsFor = (action: ManualReviewAction, status: ReviewStatus, principal: AuthUser): ReviewSet => {
  const now = sql`now()`;
  switch (action) {
    case 'start':
      return { status: 'running', startedAt: now, startedById: principal.id, answeredAt: null, answeredById: null };
    case 'stop':
      return { status: 'inactive', startedAt: null, startedById: null, answeredAt: null, answeredById: null };
    case 'end':
      return { status: 'inactive', endedAt: now, lastOutcome: status };
    case 'confirm':
      return { status: 'finishedOK', answeredAt: now, answeredById: principal.id };
  }
};

/**
 * One review action on one service (ADR 0029): 404 when the caller may not see the service, 409
 * for a stale review version, 403 when the action is not the caller's, 409 when the review status
 * or the service's state does not allow it. The service's own version stays as it is.
 */
export const takeReviewAction = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  action: ManualReviewAction,
  version: number,
): Promise<ReviewedService> => {
  const { object } = await changeReview(writes, {
    id: serviceId,
    principal,
    version,
    change: async (tx, { service, review }) => {
      const status = review?.status ?? 'inactive';
      const verdict = checkReviewAction(action, status, service.relation.state, {
        roles: principal.roles,
        isProviderSide: isProviderSide(service.relation),
      });
      if (!verdict.ok) {
        if (verdict.reason === 'forbidden') throw forbidden();
        throw conflict(
          verdict.reason === 'notReviewable' ? 'reviews.errors.notReviewable' : 'reviews.errors.notAllowedFromStatus',
        );
      }
      return {
        set: columnsFor(action, status, principal),
        events: [
          {
            action: EVENT_OF[action],
            before: { reviewStatus: status },
            after: { reviewStatus: verdict.rule.to },
          },
        ],
        mails:
          action === 'start'
            ? await serviceMails(tx, 'reviewStarted', { serviceId, actor: mailActorOf(principal) })
            : [],
      };
    },
  });
  return object;
};

/** A service a bulk action changed, with its review status before. */
interface BulkChange {
  id: string;
  before: ReviewStatus;
}

/** The selected services only, when the request names them; every service the filters select otherwise. */
const idsCondition = (ids: readonly string[] | undefined): SQL => (ids ? inArray(services.id, [...ids]) : sql`true`);

/**
 * The services a bulk action takes: those the review list shows for these filters
 * (queries/service-review-list.ts) that the action may take (isBulkEligible), narrowed to the
 * selection when there is one. The same conditions count the list's `eligible`.
 */
const bulkTargets = (
  principal: AuthUser,
  action: BulkReviewAction,
  filters: ReviewFilters,
  ids: readonly string[] | undefined,
): SQL => sql`${reviewListWhere(principal, filters)} and ${bulkEligibleSql(action)} and ${idsCondition(ids)}`;

/** Start: services in a reviewable state without an open review, as the filters select them. */
const startAll = async (
  tx: Tx,
  filters: ReviewFilters,
  ids: readonly string[] | undefined,
  principal: AuthUser,
): Promise<BulkChange[]> => {
  // Locking the services (FOR SHARE) keeps them in their state until the reviews are written.
  const result = await tx.execute(sql`
    insert into ${serviceReviews} (service_id, status, started_at, started_by, answered_at, answered_by, version, updated_at)
    select ${services.id}, 'running', now(), ${principal.id}, null, null, 1, now()
      from ${services} left join ${serviceReviews} on ${serviceReviews.serviceId} = ${services.id}
     where ${bulkTargets(principal, 'start', filters, ids)}
     for share of ${services}
    on conflict (service_id) do update
       set status = 'running', started_at = now(), started_by = excluded.started_by, answered_at = null,
           answered_by = null, version = ${serviceReviews}.version + 1, updated_at = now()
     where ${serviceReviews}.status = 'inactive'
    returning service_id as id, 'inactive' as before`);
  return (result as unknown as { rows: BulkChange[] }).rows;
};

/**
 * What stop and end write on each review they take: a stop takes the review back as if it had never
 * started (columnsFor('stop')), an end keeps the round's outcome as the last review.
 */
const CLOSING_COLUMNS = {
  stop: sql`status = 'inactive', started_at = null, started_by = null, answered_at = null, answered_by = null`,
  end: sql`status = 'inactive', ended_at = now(), last_outcome = target.status`,
};

/** Stop (reviews running unanswered) or end (open reviews), as the filters select them. */
const closeAll = async (
  tx: Tx,
  step: 'stop' | 'end',
  filters: ReviewFilters,
  ids: readonly string[] | undefined,
  principal: AuthUser,
): Promise<BulkChange[]> => {
  const result = await tx.execute(sql`
    with target as (
      select ${serviceReviews.serviceId} as service_id, ${serviceReviews.status} as status
        from ${services} join ${serviceReviews} on ${serviceReviews.serviceId} = ${services.id}
       where ${bulkTargets(principal, step, filters, ids)}
         for update of ${serviceReviews}
    )
    update ${serviceReviews} u
       set ${CLOSING_COLUMNS[step]}, version = u.version + 1, updated_at = now()
      from target
     where u.service_id = target.service_id
    returning u.service_id as id, target.status as before`);
  return (result as unknown as { rows: BulkChange[] }).rows;
};

/**
 * Start, stop or end the reviews of every service the review list's filters select (narrowed to the
 * selected services when the request names them), in one transaction
 * with one audit event per service (ADR 0029). The request names the number of services the
 * person confirmed: when the filters now select another number (someone changed a review or a
 * service meanwhile), 409 and nothing is written. Only the portfolio manager may (the route's
 * permission); the services are those the list shows them, visibility included.
 */
export const bulkReviewAction = (writes: Writes, principal: AuthUser, request: BulkReviewRequest): Promise<number> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const { action: step, filters, ids } = request;
    const changed =
      step === 'start'
        ? await startAll(tx, filters, ids, principal)
        : await closeAll(tx, step, filters, ids, principal);
    if (changed.length !== request.count) throw conflict('reviews.errors.countChanged');
    const action = EVENT_OF[step];
    const actor = mailActorOf(principal);
    const mails =
      step === 'start'
        ? await serviceMailsOf(
            tx,
            'reviewStarted',
            changed.map(({ id }) => ({ serviceId: id, actor })),
          )
        : [];
    const to = step === 'start' ? 'running' : 'inactive';
    return {
      value: changed.length,
      events: changed.map(({ id, before }) => ({
        action,
        objectType: 'service' as const,
        objectId: id,
        before: { reviewStatus: before },
        after: { reviewStatus: to },
      })),
      mails,
    };
  });

/**
 * For the change request's hand-in, inside its transaction (which holds the service row): a
 * running review becomes editRequired, answered by whoever handed it in. Any other status stays
 * as it is. Answers the events and effects the caller adds to its own change.
 */
export const markReviewEditRequired = async (
  tx: Tx,
  serviceId: string,
  answeredById: string | null = null,
): Promise<{ events: ObjectEvent<'service'>[] }> => {
  const [row] = await tx
    .update(serviceReviews)
    .set({
      status: 'editRequired',
      answeredAt: sql`now()`,
      answeredById,
      version: sql`${serviceReviews.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(serviceReviews.serviceId, serviceId), eq(serviceReviews.status, 'running')))
    .returning({ serviceId: serviceReviews.serviceId });
  if (!row) return { events: [] };
  return {
    events: [
      { action: 'review.editRequired', before: { reviewStatus: 'running' }, after: { reviewStatus: 'editRequired' } },
    ],
  };
};
