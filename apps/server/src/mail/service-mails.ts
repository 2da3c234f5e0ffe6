import {
  isMailKind,
  LANGUAGES,
  mailManagerRoles,
  MAIL_RECIPIENTS,
  routePath,
  type Language,
  type MailKind,
  type ServiceState,
  type WorkflowAction,
} from '@nubes/domain';
import { arrayOverlaps, eq, inArray, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { mailSettings, serviceAdmins, services, users } from '../db/schema.js';
import type { OutboxMessage } from '../model/outbox-message.js';

export interface ServiceMailEvent {
  /** The service's row id. */
  serviceId: string;
  /** Who acted: never mailed about their own action. */
  actor: { id: string; name: string };
  /** A workflow step: its action (decides the managers) and the new state. */
  action?: WorkflowAction;
  state?: ServiceState;
  /** A comment's text, quoted in the mail. */
  comment?: string;
  /** A resource package: its name and, for a decision, approved or rejected. */
  packageName?: string;
  decision?: 'approved' | 'rejected';
  /** Further people (by user id) who get the mail beside the kind's recipients: who submitted a package. */
  alsoTo?: readonly string[];
  /** A day the mail names: a pilot's end. */
  date?: string;
  /** The screen the mail links to, when not the service's. */
  path?: string;
}

/** Who acted, as a mail names them. */
export const mailActorOf = (principal: AuthUser): ServiceMailEvent['actor'] => ({
  id: principal.id,
  name: principal.fullname || principal.username,
});

const languageOf = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';

/**
 * The users among `ids` or holding one of `roles` (given in the portal or by the IdP) who take
 * mails of this kind: with an address, the kind not switched off; by username.
 */
export const reachableUsers = async (tx: Tx, kind: MailKind, ids: readonly string[], roles: readonly string[]) => {
  const conditions = [
    ...(ids.length > 0 ? [inArray(users.id, [...ids])] : []),
    ...(roles.length > 0
      ? [arrayOverlaps(users.roles, [...roles]), arrayOverlaps(users.entitlementRoles, [...roles])]
      : []),
  ];
  if (conditions.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      entitlementRoles: users.entitlementRoles,
      language: sql<Language | null>`coalesce(${mailSettings.language}, ${users.loginLanguage})`,
      disabledKinds: mailSettings.disabledKinds,
    })
    .from(users)
    .leftJoin(mailSettings, eq(mailSettings.userId, users.id))
    .where(or(...conditions))
    .orderBy(users.username);
  return people.filter(
    (user) => user.email.trim() !== '' && !(user.disabledKinds ?? []).filter(isMailKind).includes(kind),
  );
};

/** One mail of the kind to each of the people but the one who acted, in their language and at their address. */
export const mailsTo = (
  people: readonly { id: string; email: string; language: Language | null }[],
  kind: MailKind,
  actorId: string,
  mail: Pick<OutboxMessage, 'serviceId' | 'path' | 'content'>,
): OutboxMessage[] =>
  people
    .filter((user) => user.id !== actorId)
    .map((user) => ({
      kind,
      recipientId: user.id,
      to: user.email.trim(),
      language: languageOf(user.language),
      ...mail,
    }));

/** Bounds the ids in one statement: PostgreSQL takes at most 65,535 parameters. */
const IDS_PER_QUERY = 10_000;

const inChunks = async <T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> => {
  const rows: T[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_QUERY)
    rows.push(...(await read(ids.slice(from, from + IDS_PER_QUERY))));
  return rows;
};

/**
 * The mails of one event about a service, one per recipient, read inside the change's transaction
 * (the recipients are those of the committed state): the provider side and the managers the
 * domain's MAIL_RECIPIENTS names, less the actor, those who switched the kind off and those
 * without an address. The command hands them to the pipeline as its `mails`.
 */
export const serviceMails = (tx: Tx, kind: MailKind, event: ServiceMailEvent): Promise<OutboxMessage[]> =>
  serviceMailsOf(tx, kind, [event]);

/**
 * The mails of many events of one kind (a review started on every listed service): the same
 * rules as serviceMails, read with three queries whatever the number of services.
 */
export const serviceMailsOf = async (
  tx: Tx,
  kind: MailKind,
  events: readonly ServiceMailEvent[],
): Promise<OutboxMessage[]> => {
  if (events.length === 0) return [];
  const rule = MAIL_RECIPIENTS[kind];
  const serviceIds = [...new Set(events.map((event) => event.serviceId))];
  const serviceRows = await inChunks(serviceIds, (chunk) =>
    tx
      .select({
        id: services.id,
        name: services.name,
        serviceId: services.serviceId,
        objectOwnerId: services.objectOwnerId,
        serviceOwnerId: services.serviceOwnerId,
        serviceManagerId: services.serviceManagerId,
      })
      .from(services)
      .where(inArray(services.id, chunk)),
  );
  const byId = new Map(serviceRows.map((row) => [row.id, row]));

  const providerSides = new Map<string, Set<string>>(serviceRows.map((row) => [row.id, new Set<string>()]));
  if (rule.providerSide) {
    for (const row of serviceRows)
      for (const id of [row.objectOwnerId, row.serviceOwnerId, row.serviceManagerId])
        if (id) providerSides.get(row.id)?.add(id);
    const admins = await inChunks(serviceIds, (chunk) =>
      tx
        .select({ serviceId: serviceAdmins.serviceId, userId: serviceAdmins.userId })
        .from(serviceAdmins)
        .where(inArray(serviceAdmins.serviceId, chunk)),
    );
    for (const admin of admins) providerSides.get(admin.serviceId)?.add(admin.userId);
  }
  const rolesOf = (event: ServiceMailEvent) => mailManagerRoles(kind, event.action);
  const providerIds = [
    ...new Set([
      ...[...providerSides.values()].flatMap((ids) => [...ids]),
      ...events.flatMap((event) => event.alsoTo ?? []),
    ]),
  ];
  const roles = [...new Set(events.flatMap((event) => [...rolesOf(event)]))];
  const reachable = await reachableUsers(tx, kind, providerIds, roles);

  return events.flatMap((event) => {
    const service = byId.get(event.serviceId);
    if (!service) return [];
    const providerSide = new Set([...(providerSides.get(service.id) ?? []), ...(event.alsoTo ?? [])]);
    const managerRoles: readonly string[] = [...rolesOf(event)];
    const isManager = (user: (typeof reachable)[number]) =>
      [...user.roles, ...user.entitlementRoles].some((role) => managerRoles.includes(role));
    return mailsTo(
      reachable.filter((user) => providerSide.has(user.id) || isManager(user)),
      kind,
      event.actor.id,
      {
        serviceId: service.id,
        path: event.path ?? routePath('service', { id: service.id }),
        content: {
          serviceName: service.name,
          serviceNumber: service.serviceId,
          actorName: event.actor.name,
          ...(event.action ? { action: event.action } : {}),
          ...(event.state ? { state: event.state } : {}),
          ...(event.comment !== undefined ? { comment: event.comment } : {}),
          ...(event.packageName !== undefined ? { packageName: event.packageName } : {}),
          ...(event.decision ? { decision: event.decision } : {}),
          ...(event.date ? { date: event.date } : {}),
        },
      },
    );
  });
};
