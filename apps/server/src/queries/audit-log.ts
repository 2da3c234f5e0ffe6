import { isUuid, type AuditLogQuery } from '@nubes/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, changeRequests, resourcePackages, services } from '../db/schema.js';
import { loadObjectNames } from './dashboard.js';
import { loadDisplayNames } from './display-names.js';

/** Days are the alliance's (Europe/Berlin, as the portal shows dates): `to` includes its whole day. */
const ZONE = 'Europe/Berlin';

/**
 * One page of the whole portal's audit events, newest first, with the count of all that match.
 * Each filter has its index: actor (actor_id, at), object (object_type, object_id, at), action
 * (action, at), and the time alone (at).
 */
export const listAuditLog = async (db: Db, query: AuditLogQuery) => {
  const where = and(
    query.actor ? eq(auditEvents.actorId, query.actor) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.objectType ? eq(auditEvents.objectType, query.objectType) : undefined,
    query.objectId ? eq(auditEvents.objectId, query.objectId) : undefined,
    query.from ? sql`${auditEvents.at} >= (${query.from}::date::timestamp AT TIME ZONE ${ZONE})` : undefined,
    query.to ? sql`${auditEvents.at} < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${ZONE})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      // The id after the time keeps pages stable when events share a moment.
      .orderBy(
        ...(query.order === 'asc' ? [auditEvents.at, auditEvents.id] : [desc(auditEvents.at), desc(auditEvents.id)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

type EventObject = { objectType: string; objectId: string };

/**
 * What the events' objects are called now, by id, for the audit log and a user account's events
 * (readers of every event, so no object is hidden from them): services, users and keywords as the
 * history names them, contacts, institutions and VOs as the dashboard does, a resource package by
 * its name and a change request by its service's. Objects that are gone have none.
 */
export const loadAuditObjectNames = async (db: Db, rows: readonly EventObject[]): Promise<Map<string, string>> => {
  const idsOf = (...types: string[]) => [
    ...new Set(rows.filter((row) => types.includes(row.objectType) && isUuid(row.objectId)).map((row) => row.objectId)),
  ];
  const [packageIds, requestIds] = [idsOf('resourcePackage'), idsOf('changeRequest')];
  const [others, named, packageRows, requestRows] = await Promise.all([
    loadObjectNames(db, rows),
    loadDisplayNames(db, idsOf('service', 'user', 'keyword')),
    packageIds.length > 0
      ? db
          .select({ id: resourcePackages.id, name: resourcePackages.name })
          .from(resourcePackages)
          .where(inArray(resourcePackages.id, packageIds))
      : [],
    requestIds.length > 0
      ? db
          .select({ id: changeRequests.id, name: services.name })
          .from(changeRequests)
          .innerJoin(services, eq(services.id, changeRequests.serviceId))
          .where(inArray(changeRequests.id, requestIds))
      : [],
  ]);
  return new Map([
    ...others,
    ...named,
    ...packageRows.map((row): [string, string] => [row.id, row.name]),
    ...requestRows.map((row): [string, string] => [row.id, row.name]),
  ]);
};
