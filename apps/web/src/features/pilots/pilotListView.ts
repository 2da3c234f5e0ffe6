import { pilotListQuerySchema, type PilotListQuery, type PilotState } from '@nubes/domain';
import { defineListView, firstPage, type PagedView } from '../../components/list-screen/listView';

/**
 * The pilots ending keep their filters, sort and page in the query string
 * (?state=&extended=&sort=&order=&page=&pageSize=), each checked with the server's own schema.
 */
export interface PilotListView extends PagedView {
  state: PilotState | null;
  extended: 'yes' | 'no' | null;
  sort: PilotListQuery['sort'];
}

const shape = pilotListQuerySchema.shape;

export const pilotListView = defineListView<PilotListView>({
  path: '/api/pilots',
  params: { state: shape.state, extended: shape.extended },
  sort: shape.sort,
  defaults: { state: null, extended: null, ...firstPage('endsOn') },
});
