import { can, isUuid, type Principal } from '@nubes/domain';
import { and, count, desc, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
import { loadServiceListPage, type ServiceListCaller, type ServiceListPage } from './service-list.js';
import { visibleServicesSql, visibleVosSql } from '../policies/visibility-sql.js';

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

/** An audit event's object id as a uuid when it is one (ids of other objects may be any text), else NULL. */
const uuidOf = (text: SQL | AnyColumn) =>
  sql`(case when ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${text})::uuid end)`;

/**
 * The events the caller may read (docs/adr/0041-dashboard.md): every one with the audit log's
 * permission; otherwise those of what their screens show them: services they may see (a
 * service's history is theirs to read), contacts and institutions with the contact database, and
 * VOs by the VO's own rule. Over the query of recentActivityQuery, which joins the event's service
 * and VO; undefined: no condition; null: nothing.
 */
const readableEventsSql = (principal: Principal): SQL | undefined | null => {
  if (can(principal, 'audit.read')) return undefined;
  const parts: (SQL | undefined)[] = [
    and(eq(auditEvents.objectType, 'service'), isNotNull(services.id), visibleServicesSql(principal)),
    can(principal, 'contact.read') ? eq(auditEvents.objectType, 'contact') : undefined,
    can(principal, 'institution.manage') ? eq(auditEvents.objectType, 'institution') : undefined,
    and(eq(auditEvents.objectType, 'vo'), visibleVosSql(principal)),
  ];
  return or(...parts) ?? null;
};

/**
 * The latest events the caller may read, newest first: the time index read backwards, each event
 * checked against the caller's read rules by its joined service or VO, until the page is full.
 */
export const recentActivityQuery = (db: Db, principal: Principal, limit: number) => {
  const readable = readableEventsSql(principal);
  return db
    .select({ ...activityColumns, serviceName: services.name })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(services, and(eq(auditEvents.objectType, 'service'), eq(services.id, uuidOf(auditEvents.objectId))))
    .leftJoin(vos, and(eq(auditEvents.objectType, 'vo'), eq(vos.id, uuidOf(auditEvents.objectId))))
    .where(readable === null ? sql`false` : readable)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
};

/** An event as the dashboard lists it: with its service's name when it is about a service that still exists. */
export type DashboardActivityRow = Awaited<ReturnType<typeof recentActivityQuery>>[number];

/** recentActivityQuery, without a query when the caller may read no event at all. */
export const loadRecentActivity = (db: Db, principal: Principal, limit: number): Promise<DashboardActivityRow[]> =>
  readableEventsSql(principal) === null ? Promise.resolve([]) : recentActivityQuery(db, principal, limit);

/**
 * The services the caller may read per state and providing centre, with their number: both
 * counts of the dashboard, folded from one scan (docs/adr/0041-dashboard.md). Counted per state
 * and provider id first, in the order of services_state_idx, and only the hundred or so counts
 * meet their centre (docs/adr/0101-dashboard-reads-indexes.md).
 */
export const serviceCountsQuery = (db: Db, principal: Principal) => {
  const perCentre = db
    .select({
      state: services.state,
      providerId: services.providerInstitutionId,
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(services)
    .where(visibleServicesSql(principal))
    .groupBy(services.state, services.providerInstitutionId)
    .as('per_centre');
  return db
    .select({
      state: perCentre.state,
      institutionId: institutions.id,
      abbreviation: institutions.abbreviation,
      name: institutions.name,
      count: perCentre.count,
    })
    .from(perCentre)
    .leftJoin(institutions, eq(institutions.id, perCentre.providerId));
};

export type ServiceCountRow = Awaited<ReturnType<typeof serviceCountsQuery>>[number];

/** The first page of the caller's services (My Services: the provider side's), last changed first, and their number. */
export const loadMyServices = (db: Db, caller: ServiceListCaller, limit: number): Promise<ServiceListPage> =>
  loadServiceListPage(db, caller, { tab: 'mine' }, 'updatedAt', 'desc', { limit, offset: 0 });

/**
 * An event's object as it is now: its name, and for an object whose screen is under its service
 * (a resource package, a change request) that service's id.
 */
export type NamedObject = { name: string; serviceId?: string };

/**
 * The contacts, institutions, VOs, resource packages and change requests among these events, by
 * id, as they are now: a contact shows "Lastname, Firstname" as in its list, a change request its
 * service's name. Only those still there are in the map. Services are not named here: the
 * dashboard's activity query joins them, the audit log names all (queries/audit-log.ts).
 */
export const loadObjectNames = async (
  db: Db,
  rows: readonly Pick<DashboardActivityRow, 'objectType' | 'objectId'>[],
): Promise<Map<string, NamedObject>> => {
  const named = <T extends { id: string; name: string; serviceId?: string }>(
    type: string,
    query: (ids: string[]) => Promise<T[]>,
  ) => {
    const ids = new Set(
      rows.filter((row) => row.objectType === type && isUuid(row.objectId)).map((row) => row.objectId),
    );
    return ids.size > 0 ? query([...ids]) : Promise.resolve([] as T[]);
  };
  const found = await Promise.all([
    named('contact', (ids) =>
      db
        .select({ id: contacts.id, name: sql<string>`${contacts.lastname} || ', ' || ${contacts.firstname}` })
        .from(contacts)
        .where(inArray(contacts.id, ids)),
    ),
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
  return new Map(found.flat().map(({ id, ...object }): [string, NamedObject] => [id, object]));
};

/**
 * The contact database at a glance for those who may read it: how many contacts and institutions
 * it holds, and the latest changed contacts (contacts_updated_sort_idx read backwards, limited);
 * null for everyone else, without a query.
 */
export const loadContactDatabaseGlance = async (db: Db, principal: Principal, limit: number) => {
  if (!can(principal, 'contact.read')) return null;
  const [contactCount, institutionCount, recent] = await Promise.all([
    db.select({ count: count() }).from(contacts),
    db.select({ count: count() }).from(institutions),
    db
      .select({
        id: contacts.id,
        name: sql<string>`${contacts.lastname} || ', ' || ${contacts.firstname}`,
        organisation: sql<string | null>`coalesce(${institutions.name}, nullif(${contacts.otherInstitution}, ''))`,
        updatedAt: contacts.updatedAt,
      })
      .from(contacts)
      .leftJoin(institutions, eq(institutions.id, contacts.institutionId))
      .orderBy(desc(contacts.updatedAt), desc(contacts.id))
      .limit(limit),
  ]);
  return { contacts: contactCount[0]?.count ?? 0, institutions: institutionCount[0]?.count ?? 0, recent };
};

export type ContactDatabaseGlance = Awaited<ReturnType<typeof loadContactDatabaseGlance>>;
