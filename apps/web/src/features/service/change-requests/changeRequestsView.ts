import { changeRequestListQuerySchema, type ChangeRequestListQuery } from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../../components/list-screen/listView';

/**
 * The Change Request List keeps state, origin, search, sort, page and the open request in the
 * query string (?state=&from=&q=&sort=&order=&page=&pageSize=&open=); what the server would
 * refuse falls back to the default, so old links still open.
 */
export interface ChangeRequestsView extends PagedView {
  state: ChangeRequestListQuery['state'] | null;
  from: ChangeRequestListQuery['from'] | null;
  q: string;
  sort: ChangeRequestListQuery['sort'];
  /** The request open in the dialog. */
  open: string | null;
}

const shape = changeRequestListQuerySchema.shape;

export const changeRequestsView = defineListView<ChangeRequestsView>({
  path: '/api/change-requests',
  params: { state: shape.state, from: shape.from, q: shape.q, open: (value) => value || null },
  sort: shape.sort,
  local: ['open'],
  defaults: { state: null, from: null, q: '', open: null, ...firstPage('updatedAt', 'desc') },
});
