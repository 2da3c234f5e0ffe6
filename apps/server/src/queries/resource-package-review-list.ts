import type { Principal, ResourcePackageReviewQuery } from '@nubes/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { institutions, resourcePackages, resourceTypes, services, users } from '../db/schema.js';
import { searchSql, serviceSearchDocument } from '../db/search-sql.js';
import type { ReviewPageRow } from '../model/resource-package.js';
import { serviceRelationFlagsSql, visibleSubmittedPackagesSql } from '../policies/visibility-sql.js';
import { everyWordOnSomeSide, usersFoundBy } from './word-search.js';

type Filters = Pick<ResourcePackageReviewQuery, 'state' | 'type' | 'q'>;

/** A package's name as a search document; resource_packages_name_search_idx (db/schema.ts) indexes it. */
const packageNameDocument = sql`nubes_search_vector(${resourcePackages.name})`;
/** An institution's abbreviation and name as a search document (a few dozen rows: no index). */
const institutionDocument = sql`nubes_search_vector(${institutions.abbreviation} || ' ' || ${institutions.name})`;

/**
 * Every word begins a word of the package's name, of its service (ID, name, short description,
 * keywords), of its provider (abbreviation, name) or of its submitter (name, username). Each side
 * is a subquery that its own index answers once per word; the words may fall on different sides.
 */
const searchWhere = (q: string | undefined): SQL | undefined =>
  everyWordOnSomeSide(q, [
    (word) => {
      const found = searchSql(packageNameDocument, word);
      return (
        found && sql`${resourcePackages.id} in (select ${resourcePackages.id} from ${resourcePackages} where ${found})`
      );
    },
    (word) => {
      const found = searchSql(serviceSearchDocument, word);
      return found && sql`${resourcePackages.serviceId} in (select ${services.id} from ${services} where ${found})`;
    },
    (word) => {
      const found = searchSql(institutionDocument, word);
      const providers = found && sql`select ${institutions.id} from ${institutions} where ${found}`;
      // EXISTS first, which the database answers once before the services: a word that names no
      // provider (most words) skips reading them.
      return (
        providers &&
        sql`${resourcePackages.serviceId} in (select ${services.id} from ${services} where exists (${providers}) and ${services.providerInstitutionId} in (${providers}))`
      );
    },
    (word) => {
      const found = usersFoundBy(word);
      return found && sql`${resourcePackages.submittedById} in ${found}`;
    },
  ]);

/**
 * The list, a condition on resource_packages alone: every package past its draft that the caller
 * may see (visibleSubmittedPackagesSql). Its filters and search are such conditions too, so a page's
 * ids, its total and the waiting count read the packages and their indexes, and join a package's
 * service, type, provider and submitter only for the rows shown.
 */
const reviewListScope = (principal: Principal): SQL =>
  and(sql`${resourcePackages.state} <> 'draft'`, visibleSubmittedPackagesSql(principal))!;

/** The filters and the search, within the scope. */
const filtersWhere = (query: Filters): SQL | undefined =>
  and(
    query.state === undefined ? undefined : eq(resourcePackages.state, query.state),
    query.type === undefined
      ? undefined
      : sql`${resourcePackages.typeId} = (select ${resourceTypes.id} from ${resourceTypes} where ${resourceTypes.key} = ${query.type})`,
    searchWhere(query.q),
  );

type SortKey = Exclude<ResourcePackageReviewQuery['sort'], 'waiting'>;

/**
 * Each sort's value; the nullable ones sort empty values last whatever the direction. The type's
 * key is read by the package's key; the service's name is its joined service's (pageIdsQuery).
 */
const SORT_VALUES: Record<SortKey, { value: SQL | AnyPgColumn; nullable?: true }> = {
  submittedAt: { value: resourcePackages.submittedAt, nullable: true },
  updatedAt: { value: resourcePackages.updatedAt },
  // Names by code point of their lower case, as the list always sorted them.
  name: { value: sql`lower(${resourcePackages.name}) COLLATE "C"` },
  service: { value: sql`lower(${services.name}) COLLATE "C"` },
  type: {
    value: sql`(select ${resourceTypes.key} COLLATE "C" from ${resourceTypes} where ${resourceTypes.id} = ${resourcePackages.typeId})`,
  },
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

/**
 * The ids of a page: the list's order walked over the packages up to the page and no further. The
 * service order joins the services, so the database may walk them by services_name_sort_idx and
 * find each one's packages by resource_packages_service_idx rather than sort every package.
 */
const pageIdsQuery = (db: Db, principal: Principal, query: ResourcePackageReviewQuery) => {
  const packages = db.select({ id: resourcePackages.id }).from(resourcePackages).$dynamic();
  return (
    query.sort === 'service' ? packages.innerJoin(services, eq(services.id, resourcePackages.serviceId)) : packages
  )
    .where(and(reviewListScope(principal), filtersWhere(query)))
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
};

/**
 * One page of the Resource Package Review List with the caller's relation to each package's
 * service (for the steps they may take). Exported so its plan can be read (EXPLAIN) at scale.
 */
export const resourcePackageReviewPageQuery = (db: Db, principal: Principal, query: ResourcePackageReviewQuery) => {
  return db
    .select({
      id: resourcePackages.id,
      name: resourcePackages.name,
      quota: resourcePackages.quota,
      state: resourcePackages.state,
      version: resourcePackages.version,
      submittedAt: resourcePackages.submittedAt,
      updatedAt: resourcePackages.updatedAt,
      service: { id: services.id, serviceId: services.serviceId, name: services.name, state: services.state },
      provider: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
      type: {
        id: resourceTypes.id,
        key: resourceTypes.key,
        name: resourceTypes.name,
        quotaUnit: resourceTypes.quotaUnit,
        retired: resourceTypes.retired,
      },
      submittedBy: { id: users.id, username: users.username, fullname: users.fullname, email: users.email },
      // The caller's relation to the package's service, fact by fact (resourcePackageActions reads it).
      relation: serviceRelationFlagsSql(principal),
    })
    .from(resourcePackages)
    .innerJoin(services, eq(services.id, resourcePackages.serviceId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .leftJoin(users, eq(users.id, resourcePackages.submittedById))
    .where(inArray(resourcePackages.id, pageIdsQuery(db, principal, query)))
    .orderBy(...orderOf(query));
};

/**
 * How many packages the filters and the search select, and how many of the whole list (whatever
 * the filters) wait for a decision: two counts, so each condition is answered through its index,
 * asked in one statement.
 */
export const resourcePackageReviewCountsQuery = (db: Db, principal: Principal, query: Filters) => {
  const waiting = db
    .select({ count: count() })
    .from(resourcePackages)
    .where(and(reviewListScope(principal), isSubmitted));
  return db
    .select({ total: count(), waiting: sql<number>`(${waiting})`.mapWith(Number) })
    .from(resourcePackages)
    .where(and(reviewListScope(principal), filtersWhere(query)));
};

/** One page of the Resource Package Review List, its total and the number waiting for a decision. */
export const loadResourcePackageReviewPage = async (
  db: Db,
  principal: Principal,
  query: ResourcePackageReviewQuery,
): Promise<{ items: ReviewPageRow[]; total: number; waiting: number }> => {
  const [page, [counts]] = await Promise.all([
    resourcePackageReviewPageQuery(db, principal, query),
    resourcePackageReviewCountsQuery(db, principal, query),
  ]);
  const items = page.map(({ relation, ...row }): ReviewPageRow => ({
    ...row,
    relation: { roles: principal.roles, state: row.service.state, ...relation },
  }));
  return { items, total: counts?.total ?? 0, waiting: counts?.waiting ?? 0 };
};
