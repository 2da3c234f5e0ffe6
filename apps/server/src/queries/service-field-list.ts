import { createHash } from 'node:crypto';
import { can, isClearableField, type FieldListSort, type FieldValue } from '@nubes/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { institutions, services } from '../db/schema.js';
import { searchSql, serviceSearchDocument } from '../db/search-sql.js';
import { editableServicesSql } from '../policies/service-edit-sql.js';
import { visibleServicesSql } from '../policies/visibility-sql.js';
import { serviceHeadColumns, serviceListOrderSql, type SortOrder } from './service-list.js';

/** The listed services' numbers: all of them, the clearable ones and the token naming those (ADR 30). */
export interface FieldListTotals {
  total: number;
  clearableTotal: number;
  listToken: string;
}

/** The field's value of the row's service (NULL when it has no such key). */
const valueSql = (key: string) => sql<FieldValue>`${services.fields} -> ${key}`;

/**
 * The services listed for a field (ADR 30): those the caller may see (the domain's rule as SQL,
 * so drafts only for whom may see them) that hold a value in the field (a JSON null is none),
 * matching the portfolio's search.
 */
const listedSql = (principal: AuthUser, key: string, q: string | undefined): SQL =>
  and(visibleServicesSql(principal), sql`${valueSql(key)} <> 'null'::jsonb`, searchSql(serviceSearchDocument, q))!;

/**
 * Whether the caller may clear the field on a listed service: the caller holds service.clearField,
 * the field is optional throughout, and the caller may edit the service directly (the portfolio
 * manager: every state but retired).
 */
const clearableSql = (principal: AuthUser, key: string): SQL =>
  can(principal, 'service.clearField') && isClearableField(key) ? editableServicesSql(principal) : sql`false`;

/**
 * The rows of the field list from `page.offset` on, at most `page.limit`, each with its whole value,
 * sorted as the portfolio sorts (ending on the id).
 */
export const loadFieldListRows = (
  db: Db,
  principal: AuthUser,
  key: string,
  query: { q?: string | undefined; sort: FieldListSort; order: SortOrder },
  page: { limit: number; offset: number },
) =>
  db
    .select({
      ...serviceHeadColumns,
      version: services.version,
      value: valueSql(key),
      clearable: sql<boolean>`(${clearableSql(principal, key)})`,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(listedSql(principal, key, query.q))
    .orderBy(...serviceListOrderSql(query.sort, query.order))
    .limit(page.limit)
    .offset(page.offset);

/**
 * The list's numbers in one query: how many are listed, how many of those are clearable, and a
 * digest of the clearable ones with their versions in id order (listTokenOf says the same of rows).
 */
export const fieldListTotalsQuery = (db: Db, principal: AuthUser, key: string, q: string | undefined) => {
  const clearable = clearableSql(principal, key);
  return db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      clearableTotal: sql<number>`count(*) filter (where ${clearable})`.mapWith(Number),
      digest: sql<string>`md5(coalesce(string_agg(${services.id}::text || ':' || ${services.version}, ',' order by ${services.id}) filter (where ${clearable}), ''))`,
    })
    .from(services)
    .where(listedSql(principal, key, q));
};

export const loadFieldListTotals = async (
  db: Db,
  principal: AuthUser,
  key: string,
  q: string | undefined,
): Promise<FieldListTotals> => {
  const [row] = await fieldListTotalsQuery(db, principal, key, q);
  const clearableTotal = row?.clearableTotal ?? 0;
  return { total: row?.total ?? 0, clearableTotal, listToken: `${clearableTotal}.${row?.digest ?? ''}` };
};

/**
 * The clearable listed services with their versions, in id order: what "clear on all listed
 * services" clears once its count and token match (commands/clear-service-field.ts).
 */
export const loadClearableTargets = (db: Db, principal: AuthUser, key: string, q: string | undefined) =>
  db
    .select({ id: services.id, version: services.version })
    .from(services)
    .where(and(listedSql(principal, key, q), clearableSql(principal, key)))
    .orderBy(asc(services.id));

/**
 * Names a set of services with their versions (rows in id order, as loadClearableTargets gives
 * them): the same token fieldListTotalsQuery answers for them, so a service that joins, leaves or
 * changes makes another one (a clear of all listed repeats it, ADR 30).
 */
export const listTokenOf = (rows: readonly { id: string; version: number }[]): string =>
  `${rows.length}.${createHash('md5')
    .update(rows.map((row) => `${row.id}:${row.version}`).join(','))
    .digest('hex')}`;
