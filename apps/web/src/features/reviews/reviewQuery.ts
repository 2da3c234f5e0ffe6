import {
  DEFAULT_PAGE_SIZE,
  REVIEWABLE_STATES,
  reviewListQuerySchema,
  TAB_STATES,
  type ReviewFilters,
  type ReviewSort,
  type ReviewStatus,
  type ReviewTab,
  type ServiceState,
} from '@nubes/domain';
import type { z } from 'zod';

/**
 * The review list keeps its filters, sort and page in the query string
 * (?tab=&state=&provider=&status=&sort=&order=&page=&pageSize=), checked field by field with the
 * server's own schema; anything it would refuse falls back to the default.
 */
export interface ReviewListView {
  tab: ReviewTab | null;
  state: ServiceState | null;
  provider: string | null;
  status: ReviewStatus | null;
  sort: ReviewSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const REVIEW_PAGE_SIZES: readonly number[] = [25, 50, 100];

export const DEFAULT_REVIEW_VIEW: ReviewListView = {
  tab: null,
  state: null,
  provider: null,
  status: null,
  sort: 'name',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

type Shape = typeof reviewListQuerySchema.shape;
const field = <K extends keyof Shape>(key: K, value: string | null): NonNullable<z.output<Shape[K]>> | null => {
  if (value === null) return null;
  const parsed = (reviewListQuerySchema.shape[key] as unknown as z.ZodType<z.output<Shape[K]>>).safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

/** The service states the state filter offers: the reviewable ones, within the tab. */
export const reviewStatesFor = (tab: ReviewTab | null): readonly ServiceState[] =>
  tab ? REVIEWABLE_STATES.filter((state) => TAB_STATES[tab].includes(state)) : REVIEWABLE_STATES;

export const parseReviewView = (params: URLSearchParams): ReviewListView => {
  const tab = field('tab', params.get('tab'));
  const state = field('state', params.get('state'));
  const pageSize = field('pageSize', params.get('pageSize'));
  return {
    tab,
    state: state && reviewStatesFor(tab).includes(state) ? state : null,
    provider: field('provider', params.get('provider')),
    status: field('status', params.get('status')),
    sort: field('sort', params.get('sort')) ?? DEFAULT_REVIEW_VIEW.sort,
    order: field('order', params.get('order')) ?? DEFAULT_REVIEW_VIEW.order,
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSize && REVIEW_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
};

/** What selects the services: the list's filters, also what a bulk action names. */
export const filtersOf = (view: ReviewListView): ReviewFilters => ({
  ...(view.tab ? { tab: view.tab } : {}),
  ...(view.state ? { state: view.state } : {}),
  ...(view.provider ? { provider: view.provider } : {}),
  ...(view.status ? { status: view.status } : {}),
});

/** The page's query string (only what differs from the defaults), also the API's with `api`. */
export const serializeReviewView = (view: ReviewListView, api = false): URLSearchParams => {
  const params = new URLSearchParams(filtersOf(view) as Record<string, string>);
  if (api || view.sort !== DEFAULT_REVIEW_VIEW.sort || view.order !== DEFAULT_REVIEW_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (api || view.page > 1) params.set('page', String(view.page));
  if (api || view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
};

/** A changed filter starts on page 1 and drops a state that is not in the new tab. */
export const changeReviewView = (view: ReviewListView, change: Partial<ReviewListView>): ReviewListView => {
  const next = { ...view, ...change, page: 1 };
  if (next.state && !reviewStatesFor(next.tab).includes(next.state)) next.state = null;
  return next;
};
