import type { ChangeRequestListQuery, Principal, ServiceState } from '@nubes/domain';
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { changeRequestFields, changeRequests, services, users } from '../db/schema.js';
import { searchSql, serviceSearchDocument } from '../db/search-sql.js';
import type { ChangeRequestSummaryRow } from '../model/change-request.js';
import { visibleChangeRequestsOfServiceSql } from '../policies/visibility-sql.js';
import { everyWordOnSomeSide, usersFoundBy } from './word-search.js';

type Filters = Pick<ChangeRequestListQuery, 'state' | 'from'>;

/**
 * The search: every word begins a word of the service (ID, name, short description, keywords) or
 * of the author's name or username; undefined when nothing searchable was typed.
 */
const searchWhere = (q: string | undefined): SQL | undefined =>
  everyWordOnSomeSide(q, [
    (word) => {
      const found = searchSql(serviceSearchDocument, word);
      return found && sql`${changeRequests.serviceId} in (select ${services.id} from ${services} where ${found})`;
    },
    (word) => {
      const found = usersFoundBy(word);
      return found && sql`${changeRequests.authorId} in ${found}`;
    },
  ]);

/**
 * The Change Request List's conditions, on change_requests alone (its total joins nothing): the
 * requests the caller may see (visibleChangeRequestsOfServiceSql), by state and origin, and the
 * search.
 */
const changeRequestListWhere = (principal: Principal, query: Filters, search: SQL | undefined): SQL | undefined =>
  and(
    visibleChangeRequestsOfServiceSql(principal),
    query.state === undefined ? undefined : eq(changeRequests.state, query.state),
    query.from === undefined
      ? undefined
      : eq(changeRequests.fromIntegrationManager, query.from === 'integrationManager'),
    search,
  );

/**
 * The service name as the list sorts it, by code point of its lower case: the key kept on the
 * request (`service_sort`, migration 0034), which change_requests_service_sort_idx holds, so a page
 * walks the requests in that order without reading a service (docs/adr/0136-list-tails.md).
 */
const serviceSortOf = (source: string) => sql`${sql.identifier(source)}.service_sort COLLATE "C"`;

/** What a page reads of a request: from the table, or from a search's matches (their columns alike). */
const REQUEST_COLUMNS = {
  id: changeRequests.id,
  state: changeRequests.state,
  fromIntegrationManager: changeRequests.fromIntegrationManager,
  createdAt: changeRequests.createdAt,
  updatedAt: changeRequests.updatedAt,
  serviceId: changeRequests.serviceId,
  authorId: changeRequests.authorId,
  serviceSort: sql<string>`${changeRequests}.service_sort`.as('service_sort'),
};
type RequestColumns = typeof REQUEST_COLUMNS;

/** The request columns of the search's matches, by name (the subquery's own fields stay out). */
const columnsOf = (matches: RequestColumns): RequestColumns =>
  Object.fromEntries(
    Object.keys(REQUEST_COLUMNS).map((key) => [key, matches[key as keyof RequestColumns]]),
  ) as RequestColumns;

/**
 * The list's order over `source` (the table or the search's matches): by the value in the direction
 * asked, then the newest id first whatever the direction.
 */
const orderOf = (query: ChangeRequestListQuery, request: RequestColumns, source: string) => {
  const direction = query.order === 'asc' ? asc : desc;
  const keys: Record<ChangeRequestListQuery['sort'], SQLWrapper> = {
    updatedAt: request.updatedAt,
    createdAt: request.createdAt,
    // The states begin with different letters: every collation orders them alike, so the index serves.
    state: request.state,
    service: serviceSortOf(source),
  };
  return [direction(keys[query.sort]), desc(request.id)];
};

/** A value of one row looked up by key, planned apart and run for the page's rows alone (ADR 0132). */
const lookUp = <T>(value: SQL, table: SQLWrapper, where: SQL) =>
  sql<T | null>`(select ${value} from ${table} where ${where})`;

/**
 * The requests of a page with their place on it, out of `source` (the table, or a search's
 * matches): the list's order walked up to the page and no further.
 */
const pageRows = (
  db: Db,
  source: typeof changeRequests | WithSubquery,
  request: RequestColumns,
  where: SQL | undefined,
  query: ChangeRequestListQuery,
) => {
  const order = orderOf(query, request, source === changeRequests ? 'change_requests' : 'matches');
  return db
    .select({
      ...request,
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
    })
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
};

/**
 * One page of the Change Request List and the number of all requests it selects, in one statement
 * (one plan, one round trip): the count, left-joined with the page's rows, so a page past the last
 * still answers the total. A search gathers its matches once for both (a common word's services
 * are hundreds of heap pages; the count and the page each read them before); without one, the
 * count reads an index and the page walks its order's index. The page's service, author and count
 * of fields are looked up for its rows alone, not for every row the offset passes, as scalar
 * subqueries, which PostgreSQL plans apart in µs where joins made a search of join orders
 * (docs/adr/0132-list-statements-cheap-to-plan.md). Pages never overlap or skip (orderOf).
 * Exported so its plan can be read (EXPLAIN) at scale.
 */
export const changeRequestListPageQuery = (db: Db, principal: Principal, query: ChangeRequestListQuery) => {
  const search = searchWhere(query.q);
  const where = changeRequestListWhere(principal, query, search);
  const matches = search
    ? db.$with('matches').as(db.select(REQUEST_COLUMNS).from(changeRequests).where(where))
    : undefined;
  const counted = (
    matches
      ? db.select({ total: count().as('total') }).from(matches)
      : db
          .select({ total: count().as('total') })
          .from(changeRequests)
          .where(where)
  ).as('counted');
  const page = matches
    ? pageRows(db, matches, columnsOf(matches as unknown as RequestColumns), undefined, query)
    : pageRows(db, changeRequests, REQUEST_COLUMNS, where, query);
  const ofService = <T>(column: AnyPgColumn) =>
    lookUp<T>(sql`${column}`, services, sql`${services.id} = ${page.serviceId}`);
  return (matches ? db.with(matches) : db)
    .select({
      total: counted.total,
      id: page.id,
      state: page.state,
      fromIntegrationManager: page.fromIntegrationManager,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      serviceUuid: page.serviceId,
      serviceId: ofService<string>(services.serviceId),
      serviceName: ofService<string>(services.name),
      serviceState: ofService<ServiceState>(services.state),
      authorName: sql<string>`coalesce(${lookUp<string>(
        sql`coalesce(nullif(${users.fullname}, ''), ${users.username})`,
        users,
        sql`${users.id} = ${page.authorId}`,
      )}, '')`,
      // Counted through the fields' primary key.
      fieldCount: sql<number>`(select count(*) from ${changeRequestFields} where ${changeRequestFields.changeRequestId} = ${page.id})::int`,
    })
    .from(counted)
    .leftJoin(page, sql`true`)
    .orderBy(page.position);
};

/** One page of the Change Request List and the number of all requests it selects. */
export const loadChangeRequestListPage = async (
  db: Db,
  principal: Principal,
  query: ChangeRequestListQuery,
): Promise<{ items: ChangeRequestSummaryRow[]; total: number }> => {
  const rows = await changeRequestListPageQuery(db, principal, query);
  // A page past the last (or of no request) is one row without a request, carrying the total; a
  // request's service always exists (its foreign key cascades), so its lookups find it.
  const items = rows.filter((row) => row.id !== null).map(({ total: _, ...row }) => row as ChangeRequestSummaryRow);
  return { items, total: rows[0]?.total ?? 0 };
};
