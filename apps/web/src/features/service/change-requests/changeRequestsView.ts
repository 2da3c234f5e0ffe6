import { changeRequestListQuerySchema, DEFAULT_PAGE_SIZE, type ChangeRequestListQuery } from '@nubes/domain';
import { defineListView, schemaParam, type PagedView } from '../../../components/list-screen/listView';

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
  params: {
    state: schemaParam(shape.state),
    from: schemaParam(shape.from),
    q: schemaParam(shape.q),
    open: (value) => value || null,
  },
  sort: schemaParam(shape.sort),
  local: ['open'],
  defaults: {
    state: null,
    from: null,
    q: '',
    sort: 'updatedAt',
    order: 'desc',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    open: null,
  },
});
