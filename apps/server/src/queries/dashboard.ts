import { isUuid, VO_REVIEW_STATES } from '@nubes/domain';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  auditEvents,
  changeRequests,
  contacts,
  institutions,
  resourcePackages,
  services,
  users,
  vos,
} from '../db/schema.js';

/** How many of the portal's latest audit events the dashboards pick their activity from. */
export const RECENT_EVENTS = 300;

/**
 * What the dashboard shows of an audit event, with the actor's name as it is now (the event keeps
 * the login only); not before and after, which only the histories show.
 */
const activityColumns = {
  id: auditEvents.id,
  at: auditEvents.at,
  objectType: auditEvents.objectType,
  objectId: auditEvents.objectId,
  action: auditEvents.action,
  actorDisplayName: sql<string>`coalesce(nullif(${users.fullname}, ''), ${auditEvents.actorName})`,
};

/**
 * The VOs that may wait for someone: drafts (for their applicant and deputy) and those in a review
 * state (for the reviewers). The workflow table decides for whom they really do.
 */
export const loadOpenVos = (db: Db) =>
  db
    .select({
      id: vos.id,
      name: vos.name,
      state: vos.state,
      applicantId: vos.applicantId,
      deputyId: vos.deputyId,
      updatedAt: vos.updatedAt,
    })
    .from(vos)
    .where(inArray(vos.state, ['application_draft', ...VO_REVIEW_STATES]))
    .orderBy(vos.updatedAt, vos.id);

export type OpenVo = Awaited<ReturnType<typeof loadOpenVos>>[number];

/**
 * The portal's latest audit events, newest first: by the time alone, so the time index answers
 * it without a sort (events of one moment come in any order; the histories order those by id).
 */
export const loadLatestActivity = (db: Db) =>
  db
    .select(activityColumns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.at))
    .limit(RECENT_EVENTS);

export type ActivityRow = Awaited<ReturnType<typeof loadLatestActivity>>[number];

/**
 * Which objects' events a caller may read besides the services they see (docs/adr/0041-dashboard.md):
 * contacts and institutions with the contact database, VOs by the VO's own rule (every VO for its
 * reviewers, else those the caller manages).
 */
export interface ActivityScope {
  serviceIds: readonly string[];
  contacts: boolean;
  institutions: boolean;
  allVos: boolean;
  voIds: readonly string[];
}

/** The condition on audit events that holds exactly for the objects of the scope; null when it holds for none. */
const scopeCondition = (scope: ActivityScope): SQL | null => {
  const parts: (SQL | undefined)[] = [];
  if (scope.serviceIds.length > 0)
    parts.push(and(eq(auditEvents.objectType, 'service'), inArray(auditEvents.objectId, [...scope.serviceIds])));
  if (scope.contacts) parts.push(eq(auditEvents.objectType, 'contact'));
  if (scope.institutions) parts.push(eq(auditEvents.objectType, 'institution'));
  if (scope.allVos) parts.push(eq(auditEvents.objectType, 'vo'));
  else if (scope.voIds.length > 0)
    parts.push(and(eq(auditEvents.objectType, 'vo'), inArray(auditEvents.objectId, [...scope.voIds])));
  return parts.length > 0 ? (or(...parts) ?? null) : null;
};

/** The latest audit events of the scope's objects, newest first (the object and time indexes). */
export const loadScopedActivity = (db: Db, scope: ActivityScope, limit: number): Promise<ActivityRow[]> => {
  const condition = scopeCondition(scope);
  return condition
    ? db
        .select(activityColumns)
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(condition)
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit)
    : Promise.resolve([]);
};

/** The ids of the VOs the caller applied for or stands in for as deputy: the VOs they manage. */
export const loadManagedVoIds = async (db: Db, userId: string): Promise<string[]> =>
  (
    await db
      .select({ id: vos.id })
      .from(vos)
      .where(or(eq(vos.applicantId, userId), eq(vos.deputyId, userId)))
  ).map((row) => row.id);

/**
 * An event's object as it is now: its name, and for an object whose screen is under its service
 * (a resource package, a change request) that service's id.
 */
export type NamedObject = { name: string; serviceId?: string };

/**
 * The contacts, institutions, VOs, resource packages and change requests among these events, by
 * id, as they are now: a contact shows "Lastname, Firstname" as in its list, a change request its
 * service's name. Only those still there are in the map. Services are not named here: the
 * dashboard names those the caller may see from its overview, the audit log all (queries/audit-log.ts).
 */
export const loadObjectNames = async (
  db: Db,
  rows: readonly Pick<ActivityRow, 'objectType' | 'objectId'>[],
): Promise<Map<string, NamedObject>> => {
  const idsOf = (type: string) => [
    ...new Set(rows.filter((row) => row.objectType === type && isUuid(row.objectId)).map((row) => row.objectId)),
  ];
  const named = <T extends { id: string; name: string; serviceId?: string }>(
    type: string,
    query: (ids: string[]) => Promise<T[]>,
  ) => {
    const ids = idsOf(type);
    return ids.length > 0 ? query(ids) : Promise.resolve([] as T[]);
  };
  const contactIds = idsOf('contact');
  const [contactRows, ...rest] = await Promise.all([
    contactIds.length > 0
      ? db
          .select({ id: contacts.id, firstname: contacts.firstname, lastname: contacts.lastname })
          .from(contacts)
          .where(inArray(contacts.id, contactIds))
      : [],
    named('institution', (ids) =>
      db
        .select({ id: institutions.id, name: institutions.name })
        .from(institutions)
        .where(inArray(institutions.id, ids)),
    ),
    named('vo', (ids) => db.select({ id: vos.id, name: vos.name }).from(vos).where(inArray(vos.id, ids))),
    named('resourcePackage', (ids) =>
      db
        .select({ id: resourcePackages.id, name: resourcePackages.name, serviceId: resourcePackages.serviceId })
        .from(resourcePackages)
        .where(inArray(resourcePackages.id, ids)),
    ),
    named('changeRequest', (ids) =>
      db
        .select({ id: changeRequests.id, name: services.name, serviceId: changeRequests.serviceId })
        .from(changeRequests)
        .innerJoin(services, eq(services.id, changeRequests.serviceId))
        .where(inArray(changeRequests.id, ids)),
    ),
  ]);
  return new Map<string, NamedObject>([
    ...contactRows.map((row): [string, NamedObject] => [
      row.id,
      { name: [row.lastname, row.firstname].filter(Boolean).join(', ') },
    ]),
    ...rest.flat().map(({ id, ...object }): [string, NamedObject] => [id, object]),
  ]);
};
