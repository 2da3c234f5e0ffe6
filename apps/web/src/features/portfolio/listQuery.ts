import {
  DEFAULT_PAGE_SIZE,
  INTEGRATION_WORK_STATES,
  integrationListQuerySchema,
  type IntegrationScope,
  PORTFOLIO_TABS,
  SERVICE_STATES,
  serviceListQuerySchema,
  TAB_STATES,
  type PortfolioTab,
  type ServiceSort,
  type ServiceState,
} from '@nubes/domain';
import type { z } from 'zod';
import { listExports, type DataTableExports } from '../../components/data-table';
import type { ListViewCodec } from '../../components/list-screen/listView';

/**
 * The service lists keep everything a person chose in the page's query string
 * (?tab=&q=&state=&provider=&keyword=&sort=&order=&page=&pageSize=), so a reload, a shared link and the
 * back button all show the same view. This module turns the query string into filters, filters
 * into the API call and the CSV link, and back; it knows nothing about React.
 */

/** Which list a screen shows: the portfolio with its tabs, My Services, or the integration list. */
export type ListSource = 'portfolio' | 'mine' | 'integration';

export type SortOrder = 'asc' | 'desc';

export interface ListFilters {
  /** Only for the portfolio; the other lists have no tabs. */
  tab: PortfolioTab | null;
  q: string;
  state: ServiceState | null;
  provider: string | null;
  keyword: string | null;
  /** Only for the integration list: the services in integration work (default) or all of them. */
  scope: IntegrationScope;
  sort: ServiceSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_TAB: PortfolioTab = PORTFOLIO_TABS[0];
const DEFAULT_SORT: ServiceSort = 'updatedAt';
/** The server refuses longer searches (serviceListQuerySchema). */
const MAX_SEARCH_LENGTH = 200;

/** The integration list is always by weighted score; only the other lists sort by column. */
export const isSortable = (source: ListSource): boolean => source !== 'integration';

/** Dates and scores read best newest/highest first; names and IDs from A. */
const defaultOrder = (sort: ServiceSort): SortOrder => (sort === 'updatedAt' || sort === 'score' ? 'desc' : 'asc');

/**
 * The states the state filter offers: those of the portfolio tab, those of integration work on
 * the integration list (unless it shows all), or every state.
 */
export const statesFor = (
  source: ListSource,
  tab: PortfolioTab | null,
  scope: IntegrationScope = 'work',
): readonly ServiceState[] => {
  if (source === 'portfolio' && tab && tab !== 'myCentre') return TAB_STATES[tab];
  if (source === 'integration' && scope === 'work') return INTEGRATION_WORK_STATES;
  return SERVICE_STATES;
};

export const defaultFilters = (source: ListSource): ListFilters => ({
  tab: source === 'portfolio' ? DEFAULT_TAB : null,
  q: '',
  state: null,
  provider: null,
  keyword: null,
  scope: 'work',
  sort: DEFAULT_SORT,
  order: defaultOrder(DEFAULT_SORT),
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
});

/** The page sizes the lists offer; the server takes any size up to MAX_PAGE_SIZE. */
export const PAGE_SIZES: readonly number[] = [25, 50, 100];

/**
 * One query parameter checked by the server's own schema for it; what the server would refuse
 * (or what is missing) becomes null, and the caller's default applies.
 */
type QueryShape = typeof serviceListQuerySchema.shape;
const field = <K extends keyof QueryShape>(
  key: K,
  value: string | null,
): NonNullable<z.output<QueryShape[K]>> | null => {
  if (value === null) return null;
  // TypeScript cannot narrow the union of field schemas by K; each one parses to its own output.
  const parsed = (serviceListQuerySchema.shape[key] as unknown as z.ZodType<z.output<QueryShape[K]>>).safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

/**
 * Reads the filters from a query string with the domain's list query schema, field by field.
 * Anything the server would refuse (an unknown tab, a malformed id, page 0) falls back to its
 * default instead, and so does what the server takes but this list does not offer (a state
 * outside the tab, a page size not in PAGE_SIZES), so a hand-edited or outdated link still opens
 * a working list.
 */
export const parseListFilters = (params: URLSearchParams, source: ListSource): ListFilters => {
  const defaults = defaultFilters(source);
  const tabParam = field('tab', params.get('tab'));
  const tab = source === 'portfolio' && tabParam && tabParam !== 'mine' ? tabParam : defaults.tab;
  const scopeParam =
    source === 'integration'
      ? integrationListQuerySchema.shape.scope.safeParse(params.get('scope') ?? undefined)
      : null;
  const scope = scopeParam?.success ? scopeParam.data : defaults.scope;
  const stateParam = field('state', params.get('state'));
  const state = stateParam && statesFor(source, tab, scope).includes(stateParam) ? stateParam : defaults.state;
  const sortParam = isSortable(source) ? field('sort', params.get('sort')) : null;
  const sort = sortParam ?? defaults.sort;
  const orderParam = isSortable(source) ? field('order', params.get('order')) : null;
  const pageSizeParam = field('pageSize', params.get('pageSize'));
  // The schema trims and refuses long searches; the box cuts them instead, as its maxLength does.
  const q = field('q', (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH));
  return {
    tab,
    q: q ?? '',
    state,
    provider: field('provider', params.get('provider')),
    keyword: field('keyword', params.get('keyword')),
    scope,
    sort,
    order: orderParam ?? defaultOrder(sort),
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSizeParam && PAGE_SIZES.includes(pageSizeParam) ? pageSizeParam : defaults.pageSize,
  };
};

/** The page's own query string: only what differs from the defaults, in a stable order. */
export const serializeListFilters = (filters: ListFilters, source: ListSource): URLSearchParams => {
  const defaults = defaultFilters(source);
  const params = new URLSearchParams();
  if (source === 'portfolio' && filters.tab && filters.tab !== defaults.tab) params.set('tab', filters.tab);
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (source === 'integration' && filters.scope !== defaults.scope) params.set('scope', filters.scope);
  if (isSortable(source)) {
    if (filters.sort !== defaults.sort || filters.order !== defaultOrder(filters.sort)) {
      params.set('sort', filters.sort);
      params.set('order', filters.order);
    }
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== defaults.pageSize) params.set('pageSize', String(filters.pageSize));
  return params;
};

/** Tab, search and filters as the API names them (without sort and paging). */
const selectionParams = (filters: ListFilters, tab: string | null): URLSearchParams => {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.keyword) params.set('keyword', filters.keyword);
  return params;
};

const LIST_PATHS: Record<ListSource, string> = {
  portfolio: '/api/services',
  mine: '/api/services/mine',
  integration: '/api/integration-list',
};

/** The API call of one page of the list (server-side paging: never more than pageSize rows). */
export const listApiPath = (source: ListSource, filters: ListFilters): string => {
  const params = selectionParams(filters, source === 'portfolio' ? filters.tab : null);
  if (source === 'integration' && filters.scope === 'all') params.set('scope', 'all');
  if (isSortable(source)) {
    params.set('sort', filters.sort);
    params.set('order', filters.order);
  }
  params.set('page', String(filters.page));
  params.set('pageSize', String(filters.pageSize));
  return `${LIST_PATHS[source]}?${params.toString()}`;
};

/**
 * The exports of the current view (CSV and JSON): every matching row (no paging), in the list's
 * order, or with `ids` only the selected ones. Plain links: the auth cookie authenticates GET
 * downloads (docs/adr/0087-list-exports.md). My Services exports through the portfolio's `mine`
 * tab, which the export's query accepts; the integration list has its own, in its fixed order.
 */
export const exportPaths = (source: ListSource, filters: ListFilters, ids?: readonly string[]): DataTableExports => {
  const integration = source === 'integration';
  const params = selectionParams(filters, integration ? null : source === 'mine' ? 'mine' : filters.tab);
  if (integration && filters.scope === 'all') params.set('scope', 'all');
  if (!integration) {
    params.set('sort', filters.sort);
    params.set('order', filters.order);
  }
  if (ids) params.set('ids', ids.join(','));
  return listExports(`${integration ? '/api/integration-list' : '/api/services'}?${params.toString()}`);
};

export type FilterChange = Partial<Omit<ListFilters, 'page' | 'pageSize'>>;

/**
 * The filters after a person changed some of them: back to page 1 (the old page may not exist
 * any more), and a state filter that does not belong to a newly chosen tab is dropped.
 */
export const changeFilters = (filters: ListFilters, source: ListSource, change: FilterChange): ListFilters => {
  const next = { ...filters, ...change, page: 1 };
  if (next.state && !statesFor(source, next.tab, next.scope).includes(next.state)) next.state = null;
  return next;
};

/** A click on a column header: the same column flips the order, another starts in its natural one. */
export const sortBy = (filters: ListFilters, source: ListSource, sort: ServiceSort): ListFilters =>
  changeFilters(filters, source, {
    sort,
    order: filters.sort === sort ? (filters.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort),
  });

const isFiltered = (filters: ListFilters) => Boolean(filters.q || filters.state || filters.provider || filters.keyword);

const listViewOf = (source: ListSource): ListViewCodec<ListFilters> => ({
  parse: (params) => parseListFilters(params, source),
  serialize: (filters) => serializeListFilters(filters, source),
  apiPath: (filters) => listApiPath(source, filters),
  change: (filters, change) => changeFilters(filters, source, change),
  cleared: (filters) => changeFilters(filters, source, { q: '', state: null, provider: null, keyword: null }),
  isFiltered,
  activeFilters: (filters) => [filters.state, filters.provider, filters.keyword].filter(Boolean).length,
  pageSizes: PAGE_SIZES,
});

/** The list screens' views of the three service lists (components/list-screen/). */
export const SERVICE_LIST_VIEWS: Record<ListSource, ListViewCodec<ListFilters>> = {
  portfolio: listViewOf('portfolio'),
  mine: listViewOf('mine'),
  integration: listViewOf('integration'),
};
