import type { ChangeRequestListQuery, Principal } from '@nubes/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { changeRequestFields, changeRequests, services, users } from '../db/schema.js';
import { searchSql, serviceSearchDocument } from '../db/search-sql.js';
import type { ChangeRequestSummaryRow } from '../model/change-request.js';
import { visibleChangeRequestsOfServiceSql } from '../policies/visibility-sql.js';
import { everyWordOnSomeSide, usersFoundBy } from './word-search.js';

type Filters = Pick<ChangeRequestListQuery, 'state' | 'from' | 'q'>;

/**
 * The Change Request List's conditions, on change_requests alone (its total joins nothing): the
 * requests the caller may see (visibleChangeRequestsOfServiceSql), by state and origin, and the
 * search: every word begins a word of the service (ID, name, short description, keywords) or of
 * the author's name or username.
 */
const changeRequestListWhere = (principal: Principal, query: Filters): SQL | undefined =>
  and(
    visibleChangeRequestsOfServiceSql(principal),
    query.state === undefined ? undefined : eq(changeRequests.state, query.state),
    query.from === undefined
      ? undefined
      : eq(changeRequests.fromIntegrationManager, query.from === 'integrationManager'),
    everyWordOnSomeSide(query.q, [
      (word) => {
        const found = searchSql(serviceSearchDocument, word);
        return found && sql`${changeRequests.serviceId} in (select ${services.id} from ${services} where ${found})`;
      },
      (word) => {
        const found = usersFoundBy(word);
        return found && sql`${changeRequests.authorId} in ${found}`;
      },
    ]),
  );

/** The service name as the list sorts it: by code point of its lower case, as services_name_sort_idx. */
const serviceNameKey = sql`lower(${services.name}) COLLATE "C"`;

const SORT_COLUMNS: Record<ChangeRequestListQuery['sort'], SQL | AnyPgColumn> = {
  updatedAt: changeRequests.updatedAt,
  createdAt: changeRequests.createdAt,
  // The states begin with different letters: every collation orders them alike, so the index serves.
  state: changeRequests.state,
  service: serviceNameKey,
};

/** The list's order: by the value in the direction asked, then the newest id first whatever the direction. */
const orderOf = (query: ChangeRequestListQuery) => {
  const direction = query.order === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[query.sort]), desc(changeRequests.id)];
};

/**
 * The ids of a page: the list's order walked over the change requests up to the page and no
 * further, joining the services only when their name is the order.
 */
const pageIdsQuery = (db: Db, principal: Principal, query: ChangeRequestListQuery) => {
  const requests = db.select({ id: changeRequests.id }).from(changeRequests).$dynamic();
  return (query.sort === 'service' ? requests.innerJoin(services, eq(services.id, changeRequests.serviceId)) : requests)
    .where(changeRequestListWhere(principal, query))
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
};

/**
 * One page of the Change Request List, so pages never overlap or skip (orderOf). The page's ids
 * come first; the service, the author and the count of fields are read for its rows alone, not for
 * every row the offset passes (docs/adr/0128-list-plans-estimate-and-cut-the-page-first.md).
 * Exported so its plan can be read (EXPLAIN) at scale.
 */
export const changeRequestListPageQuery = (db: Db, principal: Principal, query: ChangeRequestListQuery) =>
  db
    .select({
      id: changeRequests.id,
      state: changeRequests.state,
      fromIntegrationManager: changeRequests.fromIntegrationManager,
      createdAt: changeRequests.createdAt,
      updatedAt: changeRequests.updatedAt,
      serviceUuid: services.id,
      serviceId: services.serviceId,
      serviceName: services.name,
      serviceState: services.state,
      authorName: sql<string>`coalesce(nullif(${users.fullname}, ''), ${users.username}, '')`,
      // Counted for the page's rows only, through the fields' primary key.
      fieldCount: sql<number>`(select count(*) from ${changeRequestFields} where ${changeRequestFields.changeRequestId} = ${changeRequests.id})::int`,
    })
    .from(changeRequests)
    .innerJoin(services, eq(services.id, changeRequests.serviceId))
    .leftJoin(users, eq(users.id, changeRequests.authorId))
    .where(inArray(changeRequests.id, pageIdsQuery(db, principal, query)))
    .orderBy(...orderOf(query));

/** How many requests the list's filters and search select for this caller. */
export const changeRequestListTotalQuery = (db: Db, principal: Principal, query: Filters) =>
  db.select({ total: count() }).from(changeRequests).where(changeRequestListWhere(principal, query));

/** One page of the Change Request List and the number of all requests it selects. */
export const loadChangeRequestListPage = async (
  db: Db,
  principal: Principal,
  query: ChangeRequestListQuery,
): Promise<{ items: ChangeRequestSummaryRow[]; total: number }> => {
  const [items, [totalRow]] = await Promise.all([
    changeRequestListPageQuery(db, principal, query),
    changeRequestListTotalQuery(db, principal, query),
  ]);
  return { items, total: totalRow?.total ?? 0 };
};
