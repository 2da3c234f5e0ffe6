import { DEFAULT_PAGE_SIZE, fieldListParamsSchema, fieldListQuerySchema, type FieldListSort } from '@nubes/domain';

/**
 * The Service Field List keeps its view in the page's query string (?field=&q=&sort=&order=&page=&pageSize=),
 * as the service lists do (listQuery.ts of the portfolio): reload, links and the back button show
 * the same view. Each parameter is read with the server's own schema; what it would refuse falls
 * back to the default.
 */
export interface FieldListView {
  /** A listable field of the catalogue; null until the person picks one. */
  field: string | null;
  q: string;
  sort: FieldListSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PAGE_SIZES: readonly number[] = [25, 50, 100];

const DEFAULT_VIEW: FieldListView = {
  field: null,
  q: '',
  sort: 'name',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const shape = fieldListQuerySchema.shape;

const parsed = <T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }, value: string | null) => {
  if (value === null) return null;
  const result = schema.safeParse(value);
  return result.success && result.data !== undefined ? result.data : null;
};

export const parseFieldListView = (params: URLSearchParams): FieldListView => {
  const pageSize = parsed(shape.pageSize, params.get('pageSize'));
  return {
    field: parsed(fieldListParamsSchema.shape.field, params.get('field')),
    q: parsed(shape.q, (params.get('q') ?? '').trim().slice(0, 200)) ?? '',
    sort: parsed(shape.sort, params.get('sort')) ?? DEFAULT_VIEW.sort,
    order: parsed(shape.order, params.get('order')) ?? DEFAULT_VIEW.order,
    page: parsed(shape.page, params.get('page')) ?? 1,
    pageSize: pageSize && PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_VIEW.pageSize,
  };
};

/** Only what differs from the defaults, in a stable order. */
export const serializeFieldListView = (view: FieldListView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.field) params.set('field', view.field);
  if (view.q) params.set('q', view.q);
  if (view.sort !== DEFAULT_VIEW.sort || view.order !== DEFAULT_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) params.set('pageSize', String(view.pageSize));
  return params;
};

/** The API's path of one page of the view. */
export const fieldListApiPath = (field: string, view: FieldListView): string => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  params.set('sort', view.sort);
  params.set('order', view.order);
  params.set('page', String(view.page));
  params.set('pageSize', String(view.pageSize));
  return `/api/service-fields/${encodeURIComponent(field)}?${params.toString()}`;
};

/** The CSV export of the whole view (no paging); the auth cookie lets a plain link download it. */
export const fieldListCsvPath = (field: string, view: FieldListView): string => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  params.set('sort', view.sort);
  params.set('order', view.order);
  return `/api/service-fields/${encodeURIComponent(field)}/export.csv?${params.toString()}`;
};
