import {
  OPEN_REVIEW_STATUSES,
  REVIEW_STATUSES,
  REVIEWABLE_STATES,
  reviewRule,
  SERVICE_STATES,
  TAB_STATES,
  type BulkReviewAction,
  type Principal,
  type ReviewFilters,
  type ReviewListQuery,
  type ReviewScheduleFilter,
  type ReviewStatus,
  REVIEW_DUE_SOON_DAYS,
  REVIEW_OVERDUE_DAYS,
  todayIso,
} from '@nubes/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  institutions,
  reviewSchedule,
  serviceReviews,
  services,
  serviceStatePosition,
  sqlList,
  users,
} from '../db/schema.js';
import type { ServiceReviewListRow } from '../model/review.js';
import { providerSideSql, visibleServicesSql } from '../policies/visibility-sql.js';

/** A service's review status; a service without a service_reviews row has none yet: inactive. */
const reviewStatus = sql<ReviewStatus>`coalesce(${serviceReviews.status}, 'inactive')`;

/**
 * A value in a constant list of states or statuses, the list written as literals: the conditions
 * repeat these lists, and as one chunk each they cost little to build and bind per request
 * (docs/adr/0110-review-and-package-lists-build-less.md).
 */
const isOneOf = (value: SQLWrapper, values: readonly string[]): SQL => sql`${value} in (${sqlList(values)})`;

const DAY_MS = 86_400_000;

/**
 * The schedule filters (docs/adr/0116-reviews-on-a-schedule.md) at `now`: overdue, a review still
 * running unanswered REVIEW_OVERDUE_DAYS after its start (service_reviews_status_idx); due, a next
 * review date that has come while the review is not answered and not overdue; due soon, a date in
 * the next REVIEW_DUE_SOON_DAYS days (both through review_schedule_next_idx).
 */
const scheduleCondition = (schedule: ReviewScheduleFilter, status: SQL, now: Date): SQL => {
  const today = todayIso(now);
  const overdueSince = new Date(now.getTime() - REVIEW_OVERDUE_DAYS * DAY_MS).toISOString();
  const rowStatus = status === reviewStatus ? serviceReviews.status : status;
  const running = sql`${rowStatus} = 'running'`;
  const startedBefore = sql`${serviceReviews.startedAt} <= ${overdueSince}::timestamptz`;
  const datedWithin = (from: SQL, to: SQL) =>
    sql`${services.id} in (select ${reviewSchedule.serviceId} from ${reviewSchedule} where ${reviewSchedule.nextReviewOn} > ${from} and ${reviewSchedule.nextReviewOn} <= ${to})`;
  switch (schedule) {
    case 'overdue':
      return and(running, startedBefore)!;
    case 'due':
      return and(
        datedWithin(sql`'-infinity'::date`, sql`${today}::date`),
        isOneOf(status, ['inactive', 'running']),
        sql`(${status} <> 'running' or ${serviceReviews.startedAt} > ${overdueSince}::timestamptz)`,
      )!;
    case 'dueSoon':
      return datedWithin(sql`${today}::date`, sql`${today}::date + ${sql.raw(String(REVIEW_DUE_SOON_DAYS))}`);
  }
};

/**
 * The reviewable states a service without a review row may be in for the tab and state filters: its
 * status is inactive, which no open review has, so its state alone puts it in the list.
 */
const statesWithoutReview = (filters: ReviewFilters) =>
  REVIEWABLE_STATES.filter(
    (state) =>
      (filters.tab === undefined || TAB_STATES[filters.tab].includes(state)) &&
      (filters.state === undefined || filters.state === state),
  );

/**
 * The services the Service Review List selects, over `services` left-joined with their
 * service_reviews row: those the caller may see, in a reviewable state or with an open review (one
 * whose service has left those states meanwhile still needs ending), narrowed by tab, state,
 * provider and review status. The bulk actions select from these too (commands/reviews.ts).
 * `status` is the review status the conditions read: a count of the services without a review row
 * passes 'inactive', so the database drops what cannot hold for them before reading a row. For
 * those the tab, state and reviewable states are one condition on the state (`withoutReviewStates`,
 * by default a list of states): three conditions on one column would be priced as independent, a
 * tenth of the rows they hold, and the page sorted instead of walking its order's index
 * (docs/adr/0128-list-plans-estimate-and-cut-the-page-first.md).
 */
export const reviewListWhere = (
  principal: Principal,
  filters: ReviewFilters,
  status: SQL = reviewStatus,
  now: Date = new Date(),
  withoutReviewStates?: SQL,
): SQL => {
  const withoutReview = status !== reviewStatus;
  const states = withoutReview ? statesWithoutReview(filters) : [];
  return and(
    visibleServicesSql(principal),
    ...(withoutReview
      ? [withoutReviewStates ?? (states.length === 0 ? sql`false` : isOneOf(services.state, states))]
      : [
          or(isOneOf(services.state, REVIEWABLE_STATES), isOneOf(status, OPEN_REVIEW_STATUSES)),
          filters.tab ? isOneOf(services.state, TAB_STATES[filters.tab]) : undefined,
          filters.state ? eq(services.state, filters.state) : undefined,
        ]),
    filters.provider ? eq(services.providerInstitutionId, filters.provider) : undefined,
    // A status a review row holds is asked of the row itself, so service_reviews_status_idx serves it.
    filters.status === undefined
      ? undefined
      : filters.status === 'inactive' || withoutReview
        ? eq(status, filters.status)
        : eq(serviceReviews.status, filters.status),
    filters.schedule ? scheduleCondition(filters.schedule, status, now) : undefined,
  )!;
};

/** Whether a bulk action takes the service: the domain's rule (isBulkEligible) as SQL. */
export const bulkEligibleSql = (action: BulkReviewAction, status: SQL = reviewStatus): SQL => {
  const rule = reviewRule(action);
  return and(
    isOneOf(status, rule.from),
    rule.needsReviewableState ? isOneOf(services.state, REVIEWABLE_STATES) : undefined,
  )!;
};

/** A position in a fixed list of values (the states' or statuses' order), as the lists sort by it. */
const positionIn = (values: readonly string[], value: SQL | typeof services.state) =>
  sql`array_position(array[${sqlList(values)}]::text[], ${value})`;

/** Names by code point of their lower case, as services_name_sort_idx; the tie-breaker of most orders, always A–Z. */
const nameKey = sql`lower(${services.name}) COLLATE "C"`;
const byName = [asc(nameKey), asc(services.id)];

const orderOf = (query: ReviewListQuery): SQL[] => {
  const direction = query.order === 'asc' ? asc : desc;
  switch (query.sort) {
    case 'name':
      return [direction(nameKey), direction(services.id)];
    case 'serviceId':
      // Unique, and SVC- with a zero-padded number sorts alike in every collation: its unique index serves.
      return [direction(services.serviceId), direction(services.id)];
    case 'state':
      // The expression of services_state_sort_idx.
      return [direction(serviceStatePosition(services.state)), ...byName];
    case 'provider':
      // One provider's services share its sort key: they follow their names, and services_name_sort_idx
      // or services_provider_idx serves, where walking services_provider_sort_idx passed every other
      // provider's services first.
      if (query.provider) return byName;
      // Services without a provider last in both directions: the sort key the search trigger keeps
      // (drizzle/0015), as services_provider_sort(_desc)_idx hold it.
      return [asc(sql`(provider_sort = '')`), direction(sql`provider_sort COLLATE "C"`), ...byName];
    case 'status':
      return [direction(positionIn(REVIEW_STATUSES, reviewStatus)), ...byName];
    case 'startedAt':
      // Reviews never started last in both directions.
      return [asc(sql`${serviceReviews.startedAt} is null`), direction(serviceReviews.startedAt), ...byName];
  }
};

/**
 * The orders whose page is taken in two parts (splitPageIds): those whose first key lives in
 * service_reviews, which no index of services holds, and the state order, whose index can skip the
 * states a service without a review row cannot be in.
 */
const SPLIT_SORTS: ReadonlySet<ReviewListQuery['sort']> = new Set(['status', 'startedAt', 'state']);

/**
 * The states a service without a review row may be in for the filters, as positions in the state
 * order: a condition services_state_sort(_desc)_idx answers while it walks the order.
 */
const reviewableStatePositions = (filters: ReviewFilters): SQL => {
  const positions = statesWithoutReview(filters).map((state) => SERVICE_STATES.indexOf(state) + 1);
  return positions.length === 0
    ? sql`false`
    : sql`${serviceStatePosition(services.state)} in (${sql.raw(positions.join(', '))})`;
};

/**
 * The ids a page can hold, in two parts: as many of the first in the list's order among the services
 * without a review row (nearly all; their status and start are the same, so in those orders they
 * follow their names and services_name_sort_idx hands them over in order) as among those with one
 * (as many as were ever reviewed). Neither part sorts every reviewable service
 * (docs/adr/0100-review-pages-in-two-parts.md).
 */
const splitPageIds = (db: Db, principal: Principal, query: ReviewListQuery, now: Date) => {
  const depth = query.page * query.pageSize;
  const withoutReview = db
    .select({ id: services.id })
    .from(services)
    .leftJoin(serviceReviews, eq(serviceReviews.serviceId, services.id))
    .where(
      and(
        isNull(serviceReviews.serviceId),
        reviewListWhere(
          principal,
          query,
          sql`'inactive'`,
          now,
          query.sort === 'state' ? reviewableStatePositions(query) : undefined,
        ),
      ),
    )
    .orderBy(...(query.sort === 'state' ? orderOf(query) : byName))
    .limit(depth);
  const withReview = db
    .select({ id: services.id })
    .from(services)
    .innerJoin(serviceReviews, eq(serviceReviews.serviceId, services.id))
    .where(reviewListWhere(principal, query, reviewStatus, now))
    .orderBy(...orderOf(query))
    .limit(depth);
  return withoutReview.unionAll(withReview);
};

/**
 * A value of one row looked up by key, as a scalar subquery: PostgreSQL plans it apart (a probe of
 * the key's index, a few µs to plan). Joined instead, each lookup table made the page's join order
 * a search of its own: four of them cost a review page about 1.2 ms of planning on top of 0.7 ms
 * for the page itself, planned again for nearly every request
 * (docs/adr/0132-list-statements-cheap-to-plan.md).
 */
const lookUp = <T>(value: SQL, table: SQLWrapper, where: SQL) =>
  sql<T | null>`(select ${value} from ${table} where ${where})`;

/** A user's name as display-names.ts gives it, looked up by id. */
const nameOfUser = (userId: SQLWrapper) =>
  lookUp<string>(sql`coalesce(nullif(${users.fullname}, ''), ${users.username})`, users, sql`${users.id} = ${userId}`);

/**
 * The rows of one page of the Service Review List with their place on it: the services and their
 * review rows in the list's order, cut to the page, each order ending on the id so pages never
 * overlap or skip.
 */
const reviewPageRows = (db: Db, principal: Principal, query: ReviewListQuery, now: Date) => {
  const order = orderOf(query);
  return db
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      // The provider's id is the service's reference, set to null when the institution is deleted.
      providerId: services.providerInstitutionId,
      status: sql<ReviewStatus>`${reviewStatus}`.as('status'),
      version: sql<number>`coalesce(${serviceReviews.version}, 0)`.as('version'),
      startedAt: serviceReviews.startedAt,
      startedById: serviceReviews.startedById,
      answeredAt: serviceReviews.answeredAt,
      answeredById: serviceReviews.answeredById,
      endedAt: serviceReviews.endedAt,
      lastOutcome: serviceReviews.lastOutcome,
      // The order's keys walked once more as they are walked anyway: the page's order outside.
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
    })
    .from(services)
    .leftJoin(serviceReviews, eq(serviceReviews.serviceId, services.id))
    .where(
      SPLIT_SORTS.has(query.sort)
        ? inArray(services.id, splitPageIds(db, principal, query, now))
        : reviewListWhere(principal, query, reviewStatus, now),
    )
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
};

/**
 * One page of the Service Review List with its provider, the name of whoever answered its open
 * reviews (the only person its rows show) and the next review date, each looked up for the page's rows alone (not for those the offset
 * passes): one statement, not one and then four more for the names. Exported so its plan can be
 * read (EXPLAIN) at scale.
 */
export const reviewListPageQuery = (db: Db, principal: Principal, query: ReviewListQuery, now: Date = new Date()) => {
  const page = reviewPageRows(db, principal, query, now);
  const ofProvider = (column: typeof institutions.abbreviation | typeof institutions.name) =>
    lookUp<string>(sql`${column}`, institutions, sql`${institutions.id} = ${page.providerId}`);
  return db
    .select({
      id: page.id,
      serviceId: page.serviceId,
      name: page.name,
      state: page.state,
      providerId: page.providerId,
      providerAbbreviation: ofProvider(institutions.abbreviation),
      providerName: ofProvider(institutions.name),
      status: page.status,
      version: page.version,
      startedAt: page.startedAt,
      startedById: page.startedById,
      answeredAt: page.answeredAt,
      answeredById: page.answeredById,
      endedAt: page.endedAt,
      lastOutcome: page.lastOutcome,
      answeredByName: nameOfUser(page.answeredById),
      nextReviewOn: lookUp<string>(
        sql`${reviewSchedule.nextReviewOn}`,
        reviewSchedule,
        sql`${reviewSchedule.serviceId} = ${page.id}`,
      ),
    })
    .from(page)
    .orderBy(page.position);
};

/**
 * How many services the filters select, and how many of them a bulk start or end would take:
 * counted apart for the services without a review row (most of them: no join, an index holds what
 * the count reads) and for those with one (as many as were ever reviewed), the database adding both.
 */
export const reviewListTotalQuery = (db: Db, principal: Principal, filters: ReviewFilters, now: Date = new Date()) => {
  const counts = (status: SQL, hasReview: SQL) =>
    db
      .select({
        total: sql<number>`count(*)::int`.as('total'),
        start: sql<number>`(count(*) filter (where ${bulkEligibleSql('start', status)}))::int`.as('start'),
        stop: sql<number>`(count(*) filter (where ${bulkEligibleSql('stop', status)}))::int`.as('stop'),
        end: sql<number>`(count(*) filter (where ${bulkEligibleSql('end', status)}))::int`.as('end'),
      })
      .from(services)
      .leftJoin(serviceReviews, eq(serviceReviews.serviceId, services.id))
      .where(and(hasReview, reviewListWhere(principal, filters, status, now)));
  const parts = counts(sql`'inactive'`, isNull(serviceReviews.serviceId))
    .unionAll(counts(reviewStatus, isNotNull(serviceReviews.serviceId)))
    .as('parts');
  return db
    .select({
      total: sql<number>`sum(${parts.total})::int`,
      start: sql<number>`sum(${parts.start})::int`,
      stop: sql<number>`sum(${parts.stop})::int`,
      end: sql<number>`sum(${parts.end})::int`,
    })
    .from(parts);
};

/** The portfolio manager's home: how many reviews the list's overdue filter holds now. */
export const countOverdueReviews = async (db: Db, principal: Principal, now: Date): Promise<number> => {
  const [totals] = await reviewListTotalQuery(db, principal, { schedule: 'overdue' }, now);
  return totals?.total ?? 0;
};

export interface ReviewListPage {
  rows: ServiceReviewListRow[];
  total: number;
  /** How many of all matches a bulk start or end would take (the same conditions as the bulk command). */
  eligible: { start: number; stop: number; end: number };
  /** The names of the people who answered the page's reviews, by user id. */
  names: Map<string, string>;
}

/** One page of the Service Review List with its total and the bulk actions' counts. */
export const loadReviewListPage = async (
  db: Db,
  principal: Principal,
  query: ReviewListQuery,
  now: Date = new Date(),
): Promise<ReviewListPage> => {
  const [page, [totals]] = await Promise.all([
    reviewListPageQuery(db, principal, query, now),
    reviewListTotalQuery(db, principal, query, now),
  ]);
  const names = new Map<string, string>();
  for (const { answeredById, answeredByName } of page) {
    if (answeredById !== null && answeredByName !== null) names.set(answeredById, answeredByName);
  }
  return {
    rows: page.map((row) => ({
      id: row.id,
      serviceId: row.serviceId,
      name: row.name,
      state: row.state,
      providerId: row.providerId,
      providerAbbreviation: row.providerAbbreviation,
      providerName: row.providerName,
      review: {
        status: row.status,
        version: Number(row.version),
        startedAt: row.startedAt,
        startedById: row.startedById,
        answeredAt: row.answeredAt,
        answeredById: row.answeredById,
        endedAt: row.endedAt,
        lastOutcome: row.lastOutcome,
      },
      nextReviewOn: row.nextReviewOn,
    })),
    total: totals?.total ?? 0,
    eligible: { start: totals?.start ?? 0, stop: totals?.stop ?? 0, end: totals?.end ?? 0 },
    names,
  };
};

/** My Services: the caller's services (the provider side's) whose review waits for their answer, by name. */
export const loadReviewsWaitingForProvider = (db: Db, principal: Principal) =>
  db
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      startedAt: serviceReviews.startedAt,
    })
    .from(services)
    .innerJoin(serviceReviews, eq(serviceReviews.serviceId, services.id))
    .where(and(providerSideSql(principal), eq(serviceReviews.status, 'running')))
    .orderBy(...byName);
