import {
  PORTFOLIO_TABS,
  SERVICE_STATES,
  TAB_STATES,
  type PortfolioTab,
  type ServiceSort,
  type ServiceState,
} from '@nubes/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { institutions, serviceKeywords, services, serviceStatePosition } from '../db/schema.js';
import { searchSql, serviceSearchDocument } from '../db/search-sql.js';
import type { ServiceSummaryRow } from '../model/service-list.js';
import { providerSideSql, visibleServicesSql } from '../policies/visibility-sql.js';

/** A list's order: the portfolio's sorts, and 'weighted' of the integration list (highest score first, then by name). */
export type ListSort = ServiceSort | 'weighted';
export type SortOrder = 'asc' | 'desc';

export interface ServiceListCriteria {
  /** A portfolio tab, or 'mine' (My Services: the services the caller is provider side of). */
  tab?: PortfolioTab | 'mine' | undefined;
  state?: ServiceState | undefined;
  /** Only services in these states (the integration list's scope), on top of the tab and the state. */
  states?: readonly ServiceState[] | undefined;
  provider?: string | undefined;
  keyword?: string | undefined;
  q?: string | undefined;
  /** Only these services (the selected rows of an export). */
  ids?: readonly string[] | undefined;
}

/** Who asks: the visibility rules read id and roles, "my centre" is the institution. */
export type ServiceListCaller = Pick<AuthUser, 'id' | 'username' | 'roles' | 'institutionId'>;

export interface ServiceListPage {
  rows: ServiceSummaryRow[];
  total: number;
}

/** Services in one of these states; none for no state (a tab and a state filter that exclude each other). */
const inStates = (states: readonly ServiceState[]): SQL =>
  states.length === 0 ? sql`false` : inArray(services.state, [...states]);

/** The states the tab, the state filter and the scope leave, or null when none of them narrows. */
const statesOf = (criteria: ServiceListCriteria): readonly ServiceState[] | null => {
  const { tab, state, states } = criteria;
  const tabStates = tab && tab !== 'mine' && tab !== 'myCentre' ? TAB_STATES[tab] : null;
  if (!tabStates && !state && !states) return null;
  return SERVICE_STATES.filter(
    (s) => (!tabStates || tabStates.includes(s)) && (!state || state === s) && (!states || states.includes(s)),
  );
};

/** The services of the caller's institution; none when the caller has no institution. */
const myCentreSql = (caller: ServiceListCaller): SQL =>
  caller.institutionId === null ? sql`false` : eq(services.providerInstitutionId, caller.institutionId);

/**
 * What every list and count narrows by besides tab and state: what the caller may see (the
 * domain's rule as SQL), provider, keyword and search (every word begins a word of the service ID,
 * name, short description or keywords; nothing searchable typed narrows nothing).
 */
const filtersSql = (caller: ServiceListCaller, criteria: ServiceListCriteria): SQL[] =>
  [
    visibleServicesSql(caller),
    criteria.provider ? eq(services.providerInstitutionId, criteria.provider) : undefined,
    criteria.keyword
      ? sql`exists (select 1 from ${serviceKeywords} where ${serviceKeywords.serviceId} = ${services.id} and ${serviceKeywords.keywordId} = ${criteria.keyword})`
      : undefined,
    searchSql(serviceSearchDocument, criteria.q),
    criteria.ids ? inArray(services.id, [...criteria.ids]) : undefined,
  ].filter((condition) => condition !== undefined);

/** The services a list holds for the caller (the same for its page, its total and its export). */
export const serviceListWhereSql = (caller: ServiceListCaller, criteria: ServiceListCriteria): SQL | undefined => {
  const states = statesOf(criteria);
  return and(
    ...filtersSql(caller, criteria),
    states ? inStates(states) : undefined,
    criteria.tab === 'myCentre' ? myCentreSql(caller) : undefined,
    criteria.tab === 'mine' ? providerSideSql(caller) : undefined,
  );
};

// Names sort by code point of their lower case (the sort index services_name_sort_idx), as the
// in-memory lists did.
const nameKey = sql`lower(${services.name}) COLLATE "C"`;
// The provider's abbreviation in lower case, '' without one: a sort key the search trigger keeps
// on the service (drizzle/0015), so services_provider_sort(_desc)_idx serve the provider order.
const providerKey = sql`provider_sort COLLATE "C"`;
const withoutProvider = sql`(provider_sort = '')`;
const statePosition = serviceStatePosition(services.state);

/** A value a list's order compares, and the direction it is compared in. */
interface SortKey {
  value: SQLWrapper;
  direction: SortOrder;
}

/**
 * A list's order, value by value. Every order ends on the id, so pages never overlap or skip a
 * row. State, provider and score break ties by name, always A–Z; services without a provider sort
 * last in both directions; 'weighted' is the integration list: highest score first, then by name
 * (docs/domain.md#service-information).
 */
const listSortKeys = (sort: ListSort, order: SortOrder): SortKey[] => {
  const key = (value: SQLWrapper, direction: SortOrder = order): SortKey => ({ value, direction });
  const byNameAsc = [key(nameKey, 'asc'), key(services.id, 'asc')];
  switch (sort) {
    case 'name':
      return [key(nameKey), key(services.id)];
    case 'serviceId':
      // Unique, and SVC- with a zero-padded number sorts alike in every collation: its unique index serves.
      return [key(services.serviceId), key(services.id)];
    case 'state':
      return [key(statePosition), ...byNameAsc];
    case 'provider':
      return [key(withoutProvider, 'asc'), key(providerKey), ...byNameAsc];
    case 'updatedAt':
      return [key(services.updatedAt), key(services.id)];
    case 'score':
      return [key(services.weightedScore), ...byNameAsc];
    case 'weighted':
      return [key(services.weightedScore, 'desc'), ...byNameAsc];
  }
};

const orderBySql = (keys: readonly SortKey[]): SQL[] =>
  keys.map(({ value, direction }) => (direction === 'asc' ? asc : desc)(value));

/** A list's order as the sort indexes hold it. */
export const serviceListOrderSql = (sort: ListSort, order: SortOrder): SQL[] => orderBySql(listSortKeys(sort, order));

/** The provider institution of a service, over a query that left-joins it (ServiceProviderColumns). */
const providerColumns = {
  providerId: institutions.id,
  providerAbbreviation: institutions.abbreviation,
  providerName: institutions.name,
};

/** What every list of services shows of one first: its ids, name and state, and its provider (left-joined). */
export const serviceHeadColumns = {
  id: services.id,
  serviceId: services.serviceId,
  name: services.name,
  state: services.state,
  ...providerColumns,
};

/**
 * A row of a service list: the service, its provider and its keyword names, sorted
 * case-insensitively (names are unique in lower case). The names are kept on the service by its
 * search trigger (drizzle/0023), so a page reads no keyword table.
 */
const serviceRowColumns = {
  ...serviceHeadColumns,
  shortDescription: sql<string>`coalesce(${services.shortDescription}, '')`,
  serviceType: services.serviceType,
  weightedScore: services.weightedScore,
  updatedAt: services.updatedAt,
  onlineSince: services.onlineSince,
  keywords: sql<string[]>`"services"."keyword_names"`,
};

/** What a page of a service list is asked with: whose list, its filters, its order and which page. */
type ServiceListPageRequest = [
  db: Db,
  caller: ServiceListCaller,
  criteria: ServiceListCriteria,
  sort: ListSort,
  order: SortOrder,
  page: { limit: number; offset: number },
];

/**
 * One page of a service list for the caller: its rows with their provider and keyword names,
 * filtered, sorted and paged in the database. The page's ids first, so only its rows meet their
 * provider, not those skipped by the offset. Exported so its plan can be looked at (EXPLAIN).
 */
export const serviceListPageQuery = (...[db, caller, criteria, sort, order, page]: ServiceListPageRequest) => {
  const pageIds = db
    .select({ id: services.id })
    .from(services)
    .where(serviceListWhereSql(caller, criteria))
    .orderBy(...serviceListOrderSql(sort, order))
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select(serviceRowColumns)
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(inArray(services.id, pageIds))
    .orderBy(...serviceListOrderSql(sort, order));
};

/**
 * A row of a searched page, as the row of a service list, its values named for the subquery that
 * carries them (provider_id, not the institution's bare id).
 */
const searchedRowColumns = {
  ...serviceRowColumns,
  providerId: sql<string | null>`${institutions.id}`.as('provider_id'),
  providerAbbreviation: sql<string | null>`${institutions.abbreviation}`.as('provider_abbreviation'),
  providerName: sql<string | null>`${institutions.name}`.as('provider_name'),
  shortDescription: sql<string>`coalesce(${services.shortDescription}, '')`.as('short_description'),
  keywords: sql<string[]>`"services"."keyword_names"`.as('keyword_names'),
};

/**
 * One page of a searched list and how many services it holds, in one statement that reads the
 * matches once (exported so that its plan can be looked at): every match gathered through the
 * search index with its sort values (`matches`, read twice and so gathered once), counted, the page
 * sorted out of them, and only its rows joined to their service and provider. The count is
 * left-joined with the page's rows, so a page past the last still carries the total: one row whose
 * service is null (docs/adr/0098-one-statement-per-portfolio-search.md,
 * docs/adr/0132-list-statements-cheap-to-plan.md).
 */
export const serviceSearchPageQuery = (...[db, caller, criteria, sort, order, page]: ServiceListPageRequest) => {
  const keys = listSortKeys(sort, order);
  const names = keys.map((_, i) => `k${i}`);
  const keysOf = (alias: string): { value: SQL; direction: SortOrder }[] =>
    keys.map(({ direction }, i) => ({
      value: sql`${sql.identifier(alias)}.${sql.identifier(names[i]!)}`,
      direction,
    }));
  const matches = db.$with('matches').as(
    db
      .select({
        id: services.id,
        ...Object.fromEntries(keys.map(({ value }, i) => [names[i]!, sql`${value}`.as(names[i]!)])),
      })
      .from(services)
      .where(serviceListWhereSql(caller, criteria)),
  );
  const counted = db
    .select({ total: sql<number>`count(*)`.mapWith(Number).as('total') })
    .from(matches)
    .as('counted');
  const matchOrder = orderBySql(keysOf('matches'));
  const pageIds = db
    .select({
      id: matches.id,
      position: sql<number>`row_number() over (order by ${sql.join(matchOrder, sql`, `)})`.as('position'),
    })
    .from(matches)
    .orderBy(...matchOrder)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const rows = db
    .select({ ...searchedRowColumns, position: pageIds.position })
    .from(pageIds)
    .innerJoin(services, eq(services.id, pageIds.id))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .as('rows');
  const { position: _, ...rowFields } = rows._.selectedFields;
  return db
    .with(matches)
    .select({ ...(rowFields as unknown as typeof serviceRowColumns), total: counted.total })
    .from(counted)
    .leftJoin(rows, sql`true`)
    .orderBy(rows.position);
};

/** How many services the list holds for the caller (no join: the provider only sorts). */
export const serviceListTotalQuery = (db: Db, caller: ServiceListCaller, criteria: ServiceListCriteria) =>
  db.select({ total: count() }).from(services).where(serviceListWhereSql(caller, criteria));

/**
 * A page of a service list and the number of all its services. A search reads its matches once
 * for both; without one the page walks its order's index and the total counts the state index.
 */
export const loadServiceListPage = async (
  ...[db, caller, criteria, sort, order, page]: ServiceListPageRequest
): Promise<ServiceListPage> => {
  if (searchSql(serviceSearchDocument, criteria.q) !== undefined) {
    const records = await serviceSearchPageQuery(db, caller, criteria, sort, order, page);
    return {
      // A page past the last (or of no match) is one row without a service, carrying the total.
      rows: records.filter((row) => row.id !== null).map(({ total: _, ...row }) => row),
      total: records[0]?.total ?? 0,
    };
  }
  const [rows, [counted]] = await Promise.all([
    serviceListPageQuery(db, caller, criteria, sort, order, page),
    serviceListTotalQuery(db, caller, criteria),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

type TabCounts = Record<(typeof PORTFOLIO_TABS)[number], number>;

/**
 * Every portfolio tab's count under the same filters, in one query and so of one moment: each tab
 * counts the services its list holds. A state filter counts only in the tabs that hold that state
 * (a tab's list drops it otherwise); "my centre" holds every state. Exported for EXPLAIN.
 */
export const tabCountsQuery = (
  db: Db,
  caller: ServiceListCaller,
  filters: Pick<ServiceListCriteria, 'state' | 'provider' | 'keyword' | 'q'>,
) => {
  const { state } = filters;
  const tabSql = (tab: PortfolioTab): SQL => {
    if (tab === 'myCentre') return and(myCentreSql(caller), state ? eq(services.state, state) : undefined)!;
    const states = TAB_STATES[tab];
    return inStates(state && states.includes(state) ? [state] : states);
  };
  const counts = Object.fromEntries(
    PORTFOLIO_TABS.map((tab) => [tab, sql<number>`count(*) filter (where ${tabSql(tab)})`.mapWith(Number)]),
  ) as Record<PortfolioTab, SQL<number>>;
  return db
    .select(counts)
    .from(services)
    .where(and(...filtersSql(caller, filters)));
};

export const loadTabCounts = async (
  db: Db,
  caller: ServiceListCaller,
  filters: Pick<ServiceListCriteria, 'state' | 'provider' | 'keyword' | 'q'>,
): Promise<TabCounts> => {
  const [row] = await tabCountsQuery(db, caller, filters);
  return Object.fromEntries(PORTFOLIO_TABS.map((tab) => [tab, row?.[tab] ?? 0])) as TabCounts;
};
