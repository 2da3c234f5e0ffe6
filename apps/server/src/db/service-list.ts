import {
  SERVICE_STATES,
  TAB_STATES,
  type PortfolioTab,
  type Principal,
  type ServiceSort,
  type ServiceState,
} from '@nubes/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { providerSideCondition, visibleServicesCondition } from '../policies/service-visibility.js';
import type { Db } from './client.js';
import { prefixTsQuery } from './full-text.js';
import { institutions, keywords, serviceKeywords, services } from './schema.js';

export interface ServiceListCriteria {
  tab?: PortfolioTab | 'mine' | undefined;
  state?: ServiceState | undefined;
  provider?: string | undefined;
  keyword?: string | undefined;
  q?: string | undefined;
}

export interface ServiceListCaller {
  principal: Principal;
  /** users.institution_id of the caller: "my centre". */
  institutionId: string | null;
}

/**
 * The WHERE clause of a portfolio list: visibility (canSeeService), the tab, the filters and the
 * full-text search. The search is a prefix match of every word ("stor arch" finds "Storage archive")
 * on services.search, which the GIN index serves.
 */
export const serviceListConditions = (criteria: ServiceListCriteria, caller: ServiceListCaller): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [visibleServicesCondition(caller.principal)];
  const { tab } = criteria;
  if (tab === 'mine') conditions.push(providerSideCondition(caller.principal.id));
  else if (tab === 'myCentre')
    conditions.push(caller.institutionId ? eq(services.providerInstitutionId, caller.institutionId) : sql`false`);
  else if (tab) conditions.push(inArray(services.state, [...TAB_STATES[tab]]));
  if (criteria.state) conditions.push(eq(services.state, criteria.state));
  if (criteria.provider) conditions.push(eq(services.providerInstitutionId, criteria.provider));
  if (criteria.keyword)
    conditions.push(
      sql`exists (select 1 from ${serviceKeywords} where ${serviceKeywords.serviceId} = ${services.id} and ${serviceKeywords.keywordId} = ${criteria.keyword})`,
    );
  const words = criteria.q ? prefixTsQuery(criteria.q) : null;
  if (words) conditions.push(sql`${services.search} @@ to_tsquery('simple', ${words})`);
  return and(...conditions);
};

// The workflow's order, not the alphabet: "state" sorts the way a service moves through its life.
const STATE_POSITION = sql`array_position(array[${sql.raw(SERVICE_STATES.map((s) => `'${s}'`).join(','))}]::text[], ${services.state})`;

export interface SortKey {
  value: SQL;
  direction: 'asc' | 'desc';
}

/**
 * The sort keys of a list order; every order ends on the id, so pages never overlap or skip a
 * row. Services without a provider sort last.
 */
export const serviceListOrder = (sort: ServiceSort | 'weighted', order: 'asc' | 'desc'): SortKey[] => {
  const key = (value: SQL, direction: 'asc' | 'desc' = order): SortKey => ({ value, direction });
  const byName = [key(sql`lower(${services.name})`, 'asc'), key(sql`${services.id}`, 'asc')];
  switch (sort) {
    case 'name':
      return [key(sql`lower(${services.name})`), key(sql`${services.id}`)];
    case 'serviceId':
      return [key(sql`${services.serviceId}`), key(sql`${services.id}`)];
    case 'state':
      return [key(STATE_POSITION), ...byName];
    case 'provider':
      // "nulls last" in both directions: a null key sorts after every abbreviation.
      return [
        key(sql`${institutions.abbreviation} is null`, 'asc'),
        key(sql`lower(${institutions.abbreviation})`),
        ...byName,
      ];
    case 'updatedAt':
      return [key(sql`${services.updatedAt}`), key(sql`${services.id}`)];
    case 'score':
      return [key(sql`${services.weightedScore}`), ...byName];
    case 'weighted':
      // The integration list: highest score first, then by name (SPEC §9).
      return [key(sql`${services.weightedScore}`, 'desc'), ...byName];
  }
};

export interface ServiceListRow {
  id: string;
  serviceId: string;
  name: string;
  state: string;
  providerId: string | null;
  providerAbbreviation: string | null;
  providerName: string | null;
  shortDescription: string;
  serviceType: string;
  weightedScore: number;
  keywords: string[];
  updatedAt: Date;
  onlineSince: Date | null;
  total: number;
}

/**
 * One page of matching services with the total count of matches. The matches are collected once,
 * narrow (id and sort keys), in a CTE that is read twice and therefore materialized: the count
 * and the page's top-N sort run on it, and the planner cannot trade the bitmap scan of the
 * filters for an index walk in sort order that visits every row. Only the page's rows are then
 * joined for their columns, and their keyword names in one grouped join.
 */
export const serviceListQuery = (
  db: Db,
  where: SQL | undefined,
  orderBy: readonly SortKey[],
  page: { limit: number; offset: number },
) => {
  const keyColumns = Object.fromEntries(orderBy.map((k, i) => [`k${i}`, sql`${k.value}`.as(`k${i}`)]));
  const matched = db.$with('matched').as(
    db
      .select({ matchedId: sql<string>`${services.id}`.as('matched_id'), ...keyColumns })
      .from(services)
      .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
      .where(where),
  );
  const orderOf = (table: Record<string, unknown>) =>
    orderBy.map((k, i) => (k.direction === 'asc' ? asc : desc)(table[`k${i}`] as SQL.Aliased));
  const pageIds = db.$with('page_ids').as(
    db
      .select({
        pageId: sql<string>`${matched.matchedId}`.as('page_id'),
        total: sql<number>`(select count(*)::int from ${matched})`.as('total'),
        ...Object.fromEntries(orderBy.map((_, i) => [`k${i}`, sql`${(matched as never)[`k${i}`]}`.as(`k${i}`)])),
      })
      .from(matched)
      .orderBy(...orderOf(matched as never))
      .limit(page.limit)
      .offset(page.offset),
  );
  // The page's keyword names in one grouped join, not one subquery per row.
  const pageKeywords = db.$with('page_keywords').as(
    db
      .select({
        keywordServiceId: sql<string>`${serviceKeywords.serviceId}`.as('keyword_service_id'),
        names: sql<string[]>`array_agg(${keywords.name} order by lower(${keywords.name}))`.as('names'),
      })
      .from(serviceKeywords)
      .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
      .where(inArray(serviceKeywords.serviceId, db.select({ id: pageIds.pageId }).from(pageIds)))
      .groupBy(serviceKeywords.serviceId),
  );
  return db
    .with(matched, pageIds, pageKeywords)
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      providerId: institutions.id,
      providerAbbreviation: institutions.abbreviation,
      providerName: institutions.name,
      shortDescription: sql<string>`${services.shortDescription}`,
      serviceType: services.serviceType,
      weightedScore: services.weightedScore,
      keywords: sql<string[]>`coalesce(${pageKeywords.names}, '{}')`,
      updatedAt: services.updatedAt,
      onlineSince: services.onlineSince,
      total: pageIds.total,
    })
    .from(pageIds)
    .innerJoin(services, eq(services.id, pageIds.pageId))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .leftJoin(pageKeywords, eq(pageKeywords.keywordServiceId, services.id))
    .orderBy(...orderOf(pageIds as never));
};

export const queryServiceList = async (
  db: Db,
  where: SQL | undefined,
  orderBy: readonly SortKey[],
  page: { limit: number; offset: number },
): Promise<{ rows: ServiceListRow[]; total: number }> => {
  const rows = await serviceListQuery(db, where, orderBy, page);
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page beyond the end has no row to carry the window's count.
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(where);
  return { rows, total: count?.total ?? 0 };
};
