import type { ChangeRequestListQuery } from '@nubes/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { changeRequestFields, changeRequests, services, users } from '../db/schema.js';
import type { ChangeRequestSnapshot } from '../model/change-request.js';

/** A service's change requests with their fields, newest first. */
export const loadServiceChangeRequests = async (db: Db, serviceId: string): Promise<ChangeRequestSnapshot[]> => {
  const rows = await db
    .select()
    .from(changeRequests)
    .where(eq(changeRequests.serviceId, serviceId))
    .orderBy(desc(changeRequests.createdAt), desc(changeRequests.id));
  if (rows.length === 0) return [];
  const fields = await db
    .select()
    .from(changeRequestFields)
    .where(
      inArray(
        changeRequestFields.changeRequestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(changeRequestFields.fieldKey));
  return rows.map((row) => ({ row, fields: fields.filter((f) => f.changeRequestId === row.id) }));
};

const SORTS = {
  updatedAt: changeRequests.updatedAt,
  createdAt: changeRequests.createdAt,
  state: changeRequests.state,
  service: services.name,
} as const;

/**
 * The Change Request List: requests across services with their service and author, filtered by
 * state and origin, searched in service name, service ID and author, one page of them.
 */
export const listChangeRequests = async (db: Db, query: ChangeRequestListQuery) => {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(eq(changeRequests.state, query.state));
  if (query.from) conditions.push(eq(changeRequests.fromIntegrationManager, query.from === 'integrationManager'));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(services.name, pattern),
        ilike(services.serviceId, pattern),
        ilike(users.fullname, pattern),
        ilike(users.username, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const fieldCount = db
    .select({ id: changeRequestFields.changeRequestId, n: count().as('n') })
    .from(changeRequestFields)
    .groupBy(changeRequestFields.changeRequestId)
    .as('field_count');
  const order = query.order === 'asc' ? asc : desc;
  const [items, [total]] = await Promise.all([
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
        fieldCount: sql<number>`coalesce(${fieldCount.n}, 0)::int`,
      })
      .from(changeRequests)
      .innerJoin(services, eq(services.id, changeRequests.serviceId))
      .leftJoin(users, eq(users.id, changeRequests.authorId))
      .leftJoin(fieldCount, eq(fieldCount.id, changeRequests.id))
      .where(where)
      .orderBy(order(SORTS[query.sort]), desc(changeRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(changeRequests)
      .innerJoin(services, eq(services.id, changeRequests.serviceId))
      .leftJoin(users, eq(users.id, changeRequests.authorId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
};
