import { fieldListParamsSchema, fieldListQuerySchema, type FieldListSort } from '@nubes/domain';
import { defineListView, firstPage, schemaParam } from '../../components/list-screen/listView';
import type { ListViewCodec, PagedView } from '../../components/list-screen/listView';

/**
 * The Service Field List keeps its view in the page's query string (?field=&q=&sort=&order=&page=&pageSize=),
 * as the service lists do (listQuery.ts of the portfolio): reload, links and the back button show
 * the same view. Each parameter is read with the server's own schema; what it would refuse falls
 * back to the default.
 */
export interface FieldListView extends PagedView {
  /** A listable field of the catalogue; null until the person picks one. */
  field: string | null;
  q: string;
  sort: FieldListSort;
}

const shape = fieldListQuerySchema.shape;
const readSearch = schemaParam(shape.q);

const view = defineListView<FieldListView>({
  path: '/api/service-fields',
  params: {
    field: fieldListParamsSchema.shape.field,
    // The schema trims and refuses long searches; the box cuts them instead, as its maxLength does.
    q: (value) => readSearch((value ?? '').trim().slice(0, 200)),
  },
  sort: shape.sort,
  // The field is what the list is of, not a filter: the reset keeps it.
  kept: ['field'],
  defaults: { field: null, q: '', ...firstPage('name') },
});

/**
 * The field list's view. The API names the field in its path (its exports too: listExports), and
 * nothing is asked before one is chosen.
 */
export const fieldListView: ListViewCodec<FieldListView> = {
  ...view,
  apiPath: (current) =>
    current.field
      ? view.apiPath({ ...current, field: null })!.replace('?', `/${encodeURIComponent(current.field)}?`)
      : null,
};
