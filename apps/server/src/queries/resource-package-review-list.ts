import type { Principal, ResourcePackageReviewQuery } from '@nubes/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { literalLimit } from '../db/literal-limit.js';
import { institutions, resourcePackages, resourceTypes, services, users } from '../db/schema.js';
import { packageSearchDocument, searchSql } from '../db/search-sql.js';
import type { ReviewPageRow } from '../model/resource-package.js';
import { serviceRelationFlagsSql, visibleSubmittedPackagesSql } from '../policies/visibility-sql.js';

type Filters = Pick<ResourcePackageReviewQuery, 'state' | 'type' | 'q'>;

/**
 * The packages a search finds: every word typed begins a word of the package's name, of its service
 * (ID, name, short description, keywords), of its provider (abbreviation, name) or of its submitter
 * (name, username), different words maybe on different sides. One document per package, kept by
 * triggers, that resource_packages_search_idx answers
 * (docs/adr/0135-list-answers-carry-what-the-screen-shows.md). Undefined when nothing searchable
 * was typed.
 */
const searchWhere = (q: string | undefined): SQL | undefined => searchSql(packageSearchDocument, q);

/**
 * The list, a condition on resource_packages alone: every package past its draft that the caller
 * may see (visibleSubmittedPackagesSql). Its filters and search are such conditions too, so a page's
 * ids, its total and the waiting count read the packages and their indexes, and join a package's
 * service, type, provider and submitter only for the rows shown.
 */
const reviewListScope = (principal: Principal): SQL =>
  and(sql`${resourcePackages.state} <> 'draft'`, visibleSubmittedPackagesSql(principal))!;

/** The filters and the search, within the scope. */
const filtersWhere = (query: Filters): SQL | undefined => {
  return and(
    query.state === undefined ? undefined : eq(resourcePackages.state, query.state),
    query.type === undefined
      ? undefined
      : sql`${resourcePackages.typeId} = (select ${resourceTypes.id} from ${resourceTypes} where ${resourceTypes.key} = ${query.type})`,
    searchWhere(query.q),
  );
};

type SortKey = Exclude<ResourcePackageReviewQuery['sort'], 'waiting'>;

/**
 * Each sort's value; the nullable ones sort empty values last whatever the direction. The type's
 * key is that of the joined type (pageIdsQuery); the service's name is the key kept on the package
 * (`service_sort`, migration 0034), which resource_packages_service_sort_idx holds, so a page walks
 * the packages in that order without reading a service (docs/adr/0136-list-tails.md).
 */
const SORT_VALUES: Record<SortKey, { value: SQL | AnyPgColumn; nullable?: true }> = {
  submittedAt: { value: resourcePackages.submittedAt, nullable: true },
  updatedAt: { value: resourcePackages.updatedAt },
  // Names by code point of their lower case, as the list always sorted them.
  name: { value: sql`lower(${resourcePackages.name}) COLLATE "C"` },
  service: { value: sql`${resourcePackages}.service_sort COLLATE "C"` },
  type: { value: sql`${resourceTypes.key} COLLATE "C"` },
  // The states begin with different letters: every collation orders them alike.
  state: { value: resourcePackages.state },
};

const isSubmitted = sql`(${resourcePackages.state} = 'submitted')`;

/**
 * The order of a page. `waiting`: submitted packages first, oldest submission first, then the rest
 * by latest change, then the id; descending turns all of it round. The other sorts: the value in
 * the direction asked, empty values last, then the id ascending whatever the direction.
 */
const orderOf = ({ sort, order }: Pick<ResourcePackageReviewQuery, 'sort' | 'order'>): SQL[] => {
  if (sort === 'waiting') {
    const [forward, backward] = order === 'asc' ? [asc, desc] : [desc, asc];
    return [
      backward(isSubmitted),
      forward(sql`(case when ${isSubmitted} then ${resourcePackages.submittedAt} end)`),
      backward(resourcePackages.updatedAt),
      forward(resourcePackages.id),
    ];
  }
  const { value, nullable } = SORT_VALUES[sort];
  const direction = order === 'asc' ? asc : desc;
  return [...(nullable ? [asc(sql`${value} is null`)] : []), direction(value), asc(resourcePackages.id)];
};

/** A page's ids, ordered: `where` is the list's condition on the packages. */
const pageIdsQuery = (db: Db, query: ResourcePackageReviewQuery, where: SQL | undefined) => {
  const packages = db.select({ id: resourcePackages.id }).from(resourcePackages).$dynamic();
  const joined =
    query.sort === 'type' ? packages.innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId)) : packages;
  return joined
    .where(where)
    .orderBy(...orderOf(query))
    .limit(literalLimit(query.pageSize))
    .offset((query.page - 1) * query.pageSize);
};

/** How many packages of the whole list (whatever the filters) wait for a decision. */
const waitingQuery = (db: Db, principal: Principal) =>
  db
    .select({ count: count() })
    .from(resourcePackages)
    .where(and(reviewListScope(principal), isSubmitted));

/**
 * One page of the Resource Package Review List with the caller's relation to each package's
 * service (for the steps they may take), and on every row the list's total and the number waiting:
 * one statement. Without a search the page walks the order's index up to the page and no further
 * (the service's name is kept on the package, so its order is an index of the packages too), and the total counts the filters through
 * their indexes. A search first gathers its matches (`matches`, a handful, through the packages'
 * search index), then sorts and counts those alone rather than walking every package in the order
 * (docs/adr/0131-package-and-contact-list-statements.md). Exported so its plan can be read
 * (EXPLAIN) at scale.
 */
export const resourcePackageReviewPageQuery = (db: Db, principal: Principal, query: ResourcePackageReviewQuery) => {
  const where = and(reviewListScope(principal), filtersWhere(query));
  const searched = searchWhere(query.q) !== undefined;
  const matches = db.$with('matches').as(db.select({ id: resourcePackages.id }).from(resourcePackages).where(where));
  const total = searched
    ? sql`(select count(*) from ${matches})`
    : sql`(${db.select({ count: count() }).from(resourcePackages).where(where)})`;
  const pageIds = pageIdsQuery(
    db,
    query,
    searched ? inArray(resourcePackages.id, db.select({ id: matches.id }).from(matches)) : where,
  );
  return (searched ? db.with(matches) : db)
    .select({
      id: resourcePackages.id,
      name: resourcePackages.name,
      quota: resourcePackages.quota,
      state: resourcePackages.state,
      version: resourcePackages.version,
      submittedAt: resourcePackages.submittedAt,
      updatedAt: resourcePackages.updatedAt,
      service: { id: services.id, serviceId: services.serviceId, name: services.name, state: services.state },
      provider: { abbreviation: institutions.abbreviation, name: institutions.name },
      type: { key: resourceTypes.key, name: resourceTypes.name, quotaUnit: resourceTypes.quotaUnit },
      submittedBy: users.fullname,
      // The caller's relation to the package's service, fact by fact (resourcePackageActions reads it).
      relation: serviceRelationFlagsSql(principal),
      total: sql<number>`${total}`.mapWith(Number),
      waiting: sql<number>`(${waitingQuery(db, principal)})`.mapWith(Number),
    })
    .from(resourcePackages)
    .innerJoin(services, eq(services.id, resourcePackages.serviceId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .leftJoin(users, eq(users.id, resourcePackages.submittedById))
    .where(inArray(resourcePackages.id, pageIds))
    .orderBy(...orderOf(query));
};

/**
 * How many packages the filters and the search select, and how many of the whole list wait for a
 * decision, for a page without rows to carry them (no match, or a page past the last).
 */
export const resourcePackageReviewCountsQuery = (db: Db, principal: Principal, query: Filters) =>
  db
    .select({ total: count(), waiting: sql<number>`(${waitingQuery(db, principal)})`.mapWith(Number) })
    .from(resourcePackages)
    .where(and(reviewListScope(principal), filtersWhere(query)));

/** One page of the Resource Package Review List, its total and the number waiting for a decision. */
export const loadResourcePackageReviewPage = async (
  db: Db,
  principal: Principal,
  query: ResourcePackageReviewQuery,
): Promise<{ items: ReviewPageRow[]; total: number; waiting: number }> => {
  const page = await resourcePackageReviewPageQuery(db, principal, query);
  const counts = page[0] ?? (await resourcePackageReviewCountsQuery(db, principal, query))[0];
  const items = page.map(({ relation, total: _total, waiting: _waiting, ...row }): ReviewPageRow => ({
    ...row,
    relation: { roles: principal.roles, state: row.service.state, ...relation },
  }));
  return { items, total: counts?.total ?? 0, waiting: counts?.waiting ?? 0 };
};
