import { DEFAULT_PAGE_SIZE } from '@nubes/domain';
import type { z } from 'zod';

/**
 * A list screen keeps what a person chose in the page's query string, so a reload, a shared link
 * and the back button show the same view (docs/adr/0105-one-list-screen-shape.md). This module
 * turns the query string into a view, the view into the API's path, and back; it knows nothing
 * about React.
 */

export type SortOrder = 'asc' | 'desc';

/** What every paged list holds besides its search and filters. */
export interface PagedView {
  sort: string;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export type SetView<V> = (next: V, options?: { replace?: boolean }) => void;

/** What the list screen's hook and component need of a view: the URL, the API, the filters. */
export interface ListViewCodec<V extends PagedView> {
  parse: (params: URLSearchParams) => V;
  /** The page's query string: only what differs from the defaults, in a stable order. */
  serialize: (view: V) => URLSearchParams;
  /** The API's path of one page of the view; null while there is nothing to ask (no field chosen). */
  apiPath: (view: V) => string | null;
  /** The view after a person changed its search or filters: back to page 1. */
  change: (view: V, change: Partial<V>) => V;
  /** Search and filters cleared (what "Clear filters" and the filter bar's reset do). */
  cleared: (view: V) => V;
  /** A search or a filter is set. */
  isFiltered: (view: V) => boolean;
  /** How many filters (not the search) are set: a phone's "Filters (n)" counts them. */
  activeFilters: (view: V) => number;
  pageSizes: readonly number[];
}

/** One query parameter, null when missing or when the server would refuse it. */
export type ParamReader<T> = (value: string | null) => T | null;

/** How a parameter is read: by the server's own schema of it (as `schemaParam` reads), or by a reader such as `oneOf`. */
export type ParamSpec<T> = ParamReader<T> | z.ZodType<T | null | undefined>;

type ParamKey<V> = Exclude<keyof V, keyof PagedView> & string;

export interface ListViewSpec<V extends PagedView> {
  /** Where the API lists the rows; the view's parameters (but `local` ones) and the paging follow. */
  path: string;
  /** Each parameter besides the paging, in the query string's order: the server's own schema of it, or a reader. */
  params: { [K in ParamKey<V>]: ParamSpec<V[K]> };
  sort: ParamSpec<V['sort']>;
  defaults: V;
  /** Parameters that are no filter: the reset keeps them (a tab, the chosen field, an open record). */
  kept?: readonly ParamKey<V>[];
  /** Parameters of the page only, written after the paging and never sent to the API (an open record). */
  local?: readonly ParamKey<V>[];
  pageSizes?: readonly number[];
  /** What a change must also fix: a state that the newly chosen tab does not hold is dropped. */
  settle?: (view: V) => V;
}

/**
 * A reader of one parameter by the schema the server checks it with: what it would refuse (or
 * what is missing) reads as null, so a hand-edited or outdated link still opens the list.
 */
export const schemaParam =
  <T>(schema: z.ZodType<T>): ParamReader<NonNullable<T>> =>
  (value) => {
    if (value === null) return null;
    const parsed = schema.safeParse(value);
    return parsed.success && parsed.data !== undefined && parsed.data !== null && parsed.data !== ''
      ? (parsed.data as NonNullable<T>)
      : null;
  };

/** Where a list's view starts besides its filters: its first page at the portal's page size, in its default order. */
export const firstPage = <S extends string>(sort: S, order: SortOrder = 'asc') => ({
  sort,
  order,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
});

const readerOf = <T>(spec: ParamSpec<T>): ParamReader<T> =>
  typeof spec === 'function' ? spec : (schemaParam(spec) as ParamReader<T>);

/** One of a fixed set of values. */
export const oneOf =
  <T extends string>(values: readonly T[]): ParamReader<T> =>
  (value) =>
    value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const readOrder = oneOf<SortOrder>(['asc', 'desc']);
const readPositive = (value: string | null): number | null => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The codec of a list whose view is its filters, a sort and a page, each a parameter of its own. */
export const defineListView = <V extends PagedView>(spec: ListViewSpec<V>): ListViewCodec<V> => {
  const { defaults, kept = [], local = [], settle = (view: V) => view } = spec;
  const pageSizes = spec.pageSizes ?? [25, 50, 100];
  const keys = Object.keys(spec.params) as ParamKey<V>[];
  const readers = Object.fromEntries(keys.map((key) => [key, readerOf(spec.params[key])])) as {
    [K in ParamKey<V>]: ParamReader<V[K]>;
  };
  const readSort = readerOf(spec.sort);
  const filterKeys = keys.filter((key) => !kept.includes(key) && !local.includes(key));
  const sent = keys.filter((key) => !local.includes(key));
  const write = (params: URLSearchParams, view: V, key: ParamKey<V>) => {
    if (isSet(view[key]) && view[key] !== defaults[key]) params.set(key, String(view[key]));
  };

  const parse = (params: URLSearchParams): V => {
    const view = { ...defaults };
    for (const key of keys) view[key] = readers[key](params.get(key)) ?? defaults[key];
    const pageSize = readPositive(params.get('pageSize'));
    view.sort = readSort(params.get('sort')) ?? defaults.sort;
    view.order = readOrder(params.get('order')) ?? defaults.order;
    view.page = readPositive(params.get('page')) ?? 1;
    view.pageSize = pageSize && pageSizes.includes(pageSize) ? pageSize : defaults.pageSize;
    return settle(view);
  };

  const serialize = (view: V): URLSearchParams => {
    const params = new URLSearchParams();
    for (const key of keys) if (!local.includes(key)) write(params, view, key);
    if (view.sort !== defaults.sort || view.order !== defaults.order) {
      params.set('sort', view.sort);
      params.set('order', view.order);
    }
    if (view.page > 1) params.set('page', String(view.page));
    if (view.pageSize !== defaults.pageSize) params.set('pageSize', String(view.pageSize));
    for (const key of local) write(params, view, key);
    return params;
  };

  const apiPath = (view: V): string => {
    const params = new URLSearchParams();
    for (const key of sent) if (isSet(view[key])) params.set(key, String(view[key]));
    params.set('sort', view.sort);
    params.set('order', view.order);
    params.set('page', String(view.page));
    params.set('pageSize', String(view.pageSize));
    return `${spec.path}?${params.toString()}`;
  };

  const change = (view: V, partial: Partial<V>): V => settle({ ...view, ...partial, page: 1 });
  const cleared = (view: V): V =>
    change(view, Object.fromEntries(filterKeys.map((key) => [key, defaults[key]])) as unknown as Partial<V>);
  const setFilters = (view: V) => filterKeys.filter((key) => isSet(view[key]) && view[key] !== defaults[key]);
  const isFiltered = (view: V) => setFilters(view).length > 0;
  const activeFilters = (view: V) => setFilters(view).filter((key) => key !== 'q').length;

  return { parse, serialize, apiPath, change, cleared, isFiltered, activeFilters, pageSizes };
};
