import {
  REVIEWABLE_STATES,
  reviewListQuerySchema,
  TAB_STATES,
  type ReviewFilters,
  type ReviewScheduleFilter,
  type ReviewSort,
  type ReviewStatus,
  type ReviewTab,
  type ServiceState,
} from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../components/list-screen/listView';

/**
 * The review list keeps its filters, sort and page in the query string
 * (?tab=&state=&provider=&status=&schedule=&sort=&order=&page=&pageSize=), checked field by field with the
 * server's own schema; anything it would refuse falls back to the default.
 */
export interface ReviewListView extends PagedView {
  tab: ReviewTab | null;
  state: ServiceState | null;
  provider: string | null;
  status: ReviewStatus | null;
  schedule: ReviewScheduleFilter | null;
  sort: ReviewSort;
}

/** The service states the state filter offers: the reviewable ones, within the tab. */
export const reviewStatesFor = (tab: ReviewTab | null): readonly ServiceState[] =>
  tab ? REVIEWABLE_STATES.filter((state) => TAB_STATES[tab].includes(state)) : REVIEWABLE_STATES;

const shape = reviewListQuerySchema.shape;

export const reviewView = defineListView<ReviewListView>({
  path: '/api/reviews',
  params: {
    tab: shape.tab,
    state: shape.state,
    provider: shape.provider,
    status: shape.status,
    schedule: shape.schedule,
  },
  sort: shape.sort,
  // The tab is where the list stands, not a filter: the reset keeps it.
  kept: ['tab'],
  defaults: { tab: null, state: null, provider: null, status: null, schedule: null, ...firstPage('name') },
  // A state that is not in the (newly chosen) tab is dropped.
  settle: (view) => (view.state && !reviewStatesFor(view.tab).includes(view.state) ? { ...view, state: null } : view),
});

/** What selects the services: the list's filters, also what a bulk action names. */
export const filtersOf = (view: ReviewListView): ReviewFilters => ({
  ...(view.tab ? { tab: view.tab } : {}),
  ...(view.state ? { state: view.state } : {}),
  ...(view.provider ? { provider: view.provider } : {}),
  ...(view.status ? { status: view.status } : {}),
  ...(view.schedule ? { schedule: view.schedule } : {}),
});
