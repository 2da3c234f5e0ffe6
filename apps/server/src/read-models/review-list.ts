import {
  isBulkEligible,
  isOpenReview,
  isReviewableState,
  REVIEW_STATUSES,
  TAB_STATES,
  type ReviewListQuery,
  type ServiceState,
} from '@nubes/domain';
import { NO_REVIEW, type ReviewEntry } from '../model/review.js';
import type { ListSort, ServiceListCaller, ServiceListRow, ServiceListSnapshot } from './service-list-snapshot.js';

export interface ReviewListEntry {
  row: ServiceListRow;
  review: ReviewEntry;
}

export interface ReviewListPage {
  entries: ReviewListEntry[];
  total: number;
  /** How many of all matches a bulk start or end would touch (the same rule as the bulk command). */
  eligible: { start: number; end: number };
}

const SNAPSHOT_SORTS: ReadonlySet<string> = new Set(['name', 'serviceId', 'state', 'provider']);
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The review list from memory: the service list index filters by state and provider and sorts by
 * the service's columns (ADR 0010); the review index adds each service's review. The list holds
 * every service in a reviewable state and every service with an open review (one whose service
 * has left those states meanwhile still needs ending).
 */
export const queryReviewList = (
  snapshot: ServiceListSnapshot,
  reviews: ReadonlyMap<string, ReviewEntry>,
  caller: ServiceListCaller,
  query: ReviewListQuery,
): ReviewListPage => {
  const bySnapshot = SNAPSHOT_SORTS.has(query.sort);
  const { rows } = snapshot.query(
    { state: query.state, provider: query.provider },
    caller,
    (bySnapshot ? query.sort : 'name') as ListSort,
    bySnapshot ? query.order : 'asc',
    { limit: Number.POSITIVE_INFINITY, offset: 0 },
  );
  const tabStates: readonly ServiceState[] | null = query.tab ? TAB_STATES[query.tab] : null;
  const entries: ReviewListEntry[] = [];
  const eligible = { start: 0, end: 0 };
  for (const row of rows) {
    if (tabStates && !tabStates.includes(row.state)) continue;
    const review = reviews.get(row.id) ?? NO_REVIEW;
    if (!isReviewableState(row.state) && !isOpenReview(review.status)) continue;
    if (query.status && review.status !== query.status) continue;
    entries.push({ row, review });
    if (isBulkEligible('start', review.status, row.state)) eligible.start += 1;
    if (isBulkEligible('end', review.status, row.state)) eligible.end += 1;
  }
  if (!bySnapshot) {
    const sign = query.order === 'asc' ? 1 : -1;
    // The name order of the snapshot breaks ties: Array.prototype.sort is stable.
    entries.sort((a, b) =>
      query.sort === 'status'
        ? sign * (REVIEW_STATUSES.indexOf(a.review.status) - REVIEW_STATUSES.indexOf(b.review.status))
        : // Reviews never started sort last in both directions.
          Number(a.review.startedAt === null) - Number(b.review.startedAt === null) ||
          sign * ((a.review.startedAt?.getTime() ?? 0) - (b.review.startedAt?.getTime() ?? 0)) ||
          text(a.row.name.toLowerCase(), b.row.name.toLowerCase()),
    );
  }
  const offset = (query.page - 1) * query.pageSize;
  return { entries: entries.slice(offset, offset + query.pageSize), total: entries.length, eligible };
};
