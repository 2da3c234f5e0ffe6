import { handoverKey, HANDOVER_GROUP_OF, type HandoverItem, type HandoverKind } from '@nubes/domain';
import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  changeRequests,
  contactRelations,
  contacts,
  institutions,
  resourcePackages,
  serviceAdmins,
  services,
  users,
  vos,
} from '../db/schema.js';
import { ROLE_COLUMNS } from '../model/service.js';

/** A change request still being worked on: one that is decided or withdrawn has nothing to hand over. */
export const OPEN_CHANGE_REQUEST_STATES = ['draft', 'handed_in', 'released'] as const;
/** A package still with its provider side or its reviewers. */
export const OPEN_PACKAGE_STATES = ['draft', 'submitted'] as const;

const SERVICE_ROLE_KINDS = ['serviceOwner', 'objectOwner', 'serviceManager', 'providerManager'] as const;

/** An item as held, with the ids its screen is found by (presenters/handover.ts makes the link). */
export type HeldItem = Omit<HandoverItem, 'link'> & {
  id: string;
  serviceUuid: string | null;
  contactId: string | null;
};

const item = (
  kind: HandoverKind,
  id: string,
  name: string,
  serviceId: string | null,
  state: string | null,
  refs: { serviceUuid?: string; contactId?: string } = {},
): HeldItem => ({
  key: handoverKey(kind, id),
  kind,
  group: HANDOVER_GROUP_OF[kind],
  id,
  name,
  serviceId,
  state,
  serviceUuid: refs.serviceUuid ?? null,
  contactId: refs.contactId ?? null,
});

/** The contact of a person: the one sharing the account's e-mail address, regardless of case. */
export const contactOfUserSql = (userId: string) =>
  sql`lower(${contacts.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${userId} and ${users.email} <> '')`;

/**
 * Everything a person holds (docs/adr/0123-people-who-leave.md): service roles and administration,
 * open change requests they wrote, open packages they made or submitted, VO roles of VOs not
 * withdrawn, and the relations of their contact. By kind, then name.
 */
export const listHandoverItems = async (db: Db | Tx, userId: string): Promise<HeldItem[]> => {
  const [roleRows, adminRows, requestRows, packageRows, voRows, relationRows] = await Promise.all([
    db
      .select({
        id: services.id,
        serviceId: services.serviceId,
        name: services.name,
        state: services.state,
        objectOwnerId: services.objectOwnerId,
        serviceOwnerId: services.serviceOwnerId,
        serviceManagerId: services.serviceManagerId,
        providerManagerId: services.providerManagerId,
      })
      .from(services)
      .where(or(...SERVICE_ROLE_KINDS.map((kind) => eq(services[ROLE_COLUMNS[kind]], userId))))
      .orderBy(asc(sql`lower(${services.name})`)),
    db
      .select({ id: services.id, serviceId: services.serviceId, name: services.name, state: services.state })
      .from(serviceAdmins)
      .innerJoin(services, eq(services.id, serviceAdmins.serviceId))
      .where(eq(serviceAdmins.userId, userId))
      .orderBy(asc(sql`lower(${services.name})`)),
    db
      .select({
        id: changeRequests.id,
        state: changeRequests.state,
        serviceUuid: services.id,
        serviceId: services.serviceId,
        name: services.name,
      })
      .from(changeRequests)
      .innerJoin(services, eq(services.id, changeRequests.serviceId))
      .where(and(eq(changeRequests.authorId, userId), inArray(changeRequests.state, [...OPEN_CHANGE_REQUEST_STATES])))
      .orderBy(asc(sql`lower(${services.name})`)),
    db
      .select({
        id: resourcePackages.id,
        name: resourcePackages.name,
        state: resourcePackages.state,
        serviceUuid: services.id,
        serviceId: services.serviceId,
      })
      .from(resourcePackages)
      .innerJoin(services, eq(services.id, resourcePackages.serviceId))
      .where(
        and(
          or(eq(resourcePackages.createdById, userId), eq(resourcePackages.submittedById, userId)),
          inArray(resourcePackages.state, [...OPEN_PACKAGE_STATES]),
        ),
      )
      .orderBy(asc(sql`lower(${resourcePackages.name})`)),
    db
      .select({ id: vos.id, name: vos.name, state: vos.state, applicantId: vos.applicantId, deputyId: vos.deputyId })
      .from(vos)
      .where(and(or(eq(vos.applicantId, userId), eq(vos.deputyId, userId)), ne(vos.state, 'application_withdrawn')))
      .orderBy(asc(sql`lower(${vos.name})`)),
    db
      .select({
        id: contactRelations.id,
        contactId: contacts.id,
        role: contactRelations.role,
        serviceName: services.name,
        serviceId: services.serviceId,
        institutionName: institutions.name,
      })
      .from(contactRelations)
      .innerJoin(contacts, eq(contacts.id, contactRelations.contactId))
      .leftJoin(services, eq(services.id, contactRelations.serviceId))
      .leftJoin(institutions, eq(institutions.id, contactRelations.institutionId))
      .where(contactOfUserSql(userId))
      .orderBy(asc(sql`lower(coalesce(${services.name}, ${institutions.name}))`)),
  ]);
  return [
    ...SERVICE_ROLE_KINDS.flatMap((kind) =>
      roleRows
        .filter((row) => row[ROLE_COLUMNS[kind]] === userId)
        .map((row) => item(kind, row.id, row.name, row.serviceId, row.state, { serviceUuid: row.id })),
    ),
    ...adminRows.map((row) =>
      item('serviceAdmin', row.id, row.name, row.serviceId, row.state, { serviceUuid: row.id }),
    ),
    ...requestRows.map((row) =>
      item('changeRequest', row.id, row.name, row.serviceId, row.state, { serviceUuid: row.serviceUuid }),
    ),
    ...packageRows.map((row) =>
      item('resourcePackage', row.id, row.name, row.serviceId, row.state, { serviceUuid: row.serviceUuid }),
    ),
    ...(['voApplicant', 'voDeputy'] as const).flatMap((kind) =>
      voRows
        .filter((row) => (kind === 'voApplicant' ? row.applicantId : row.deputyId) === userId)
        .map((row) => item(kind, row.id, row.name, null, row.state)),
    ),
    ...relationRows.map((row) =>
      item('contactRelation', row.id, row.serviceName ?? row.institutionName ?? '', row.serviceId, row.role, {
        contactId: row.contactId,
      }),
    ),
  ];
};

/** The person whose items the handover lists, or undefined. */
export const findHandoverPerson = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ id: users.id, fullname: users.fullname, username: users.username, goneAt: users.goneAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

/** The people who are gone, newest first, with how many services each still owns (the home's count reads the same). */
export const listGonePeople = (db: Db) =>
  db
    .select({
      id: users.id,
      fullname: users.fullname,
      username: users.username,
      goneAt: users.goneAt,
      // Spelled out: in a one-table select drizzle leaves the table off a column, which the subquery would take for its own.
      ownedServices: sql<number>`(select count(*) from ${services} owned where owned.service_owner_id = ${users}.id)::int`,
    })
    .from(users)
    .where(isNotNull(users.goneAt))
    .orderBy(sql`${users.goneAt} desc`, asc(users.id));

/** Services whose service owner is gone: the portfolio manager's home counts them. */
export const countServicesOfGoneOwners = async (db: Db) => {
  const [row] = await db
    .select({ value: count() })
    .from(services)
    .innerJoin(users, eq(users.id, services.serviceOwnerId))
    .where(isNotNull(users.goneAt));
  return row?.value ?? 0;
};
