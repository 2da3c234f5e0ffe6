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
import { arrayOverlaps, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { mailSettings, serviceAdmins, services, users } from '../db/schema.js';
import type { OutboxMessage } from '../writes/after-commit.js';

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
}

const languageOf = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';

/**
 * The mails of one event about a service, one per recipient, read inside the change's transaction
 * (the recipients are those of the committed state): the provider side and the managers the
 * domain's MAIL_RECIPIENTS names, less the actor, those who switched the kind off and those
 * without an address. The command hands them to the pipeline as its `mails`.
 */
export const serviceMails = async (tx: Tx, kind: MailKind, event: ServiceMailEvent): Promise<OutboxMessage[]> => {
  const [service] = await tx.select().from(services).where(eq(services.id, event.serviceId));
  if (!service) return [];
  const rule = MAIL_RECIPIENTS[kind];
  const providerSide = new Set<string>();
  if (rule.providerSide) {
    for (const id of [service.objectOwnerId, service.serviceOwnerId, service.serviceManagerId])
      if (id) providerSide.add(id);
    const admins = await tx
      .select({ userId: serviceAdmins.userId })
      .from(serviceAdmins)
      .where(eq(serviceAdmins.serviceId, service.id));
    for (const admin of admins) providerSide.add(admin.userId);
  }
  const roles = [...mailManagerRoles(kind, event.action)];
  const conditions = [
    ...(providerSide.size > 0 ? [inArray(users.id, [...providerSide])] : []),
    ...(roles.length > 0 ? [arrayOverlaps(users.roles, roles), arrayOverlaps(users.entitlementRoles, roles)] : []),
  ];
  if (conditions.length === 0) return [];

  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      language: mailSettings.language,
      disabledKinds: mailSettings.disabledKinds,
    })
    .from(users)
    .leftJoin(mailSettings, eq(mailSettings.userId, users.id))
    .where(or(...conditions))
    .orderBy(users.username);

  return recipients
    .filter(
      (user) =>
        user.id !== event.actor.id &&
        user.email.trim() !== '' &&
        !(user.disabledKinds ?? []).filter(isMailKind).includes(kind),
    )
    .map((user) => ({
      kind,
      recipientId: user.id,
      to: user.email.trim(),
      language: languageOf(user.language),
      serviceId: service.id,
      path: routePath('service', { id: service.id }),
      content: {
        serviceName: service.name,
        serviceNumber: service.serviceId,
        actorName: event.actor.name,
        ...(event.action ? { action: event.action } : {}),
        ...(event.state ? { state: event.state } : {}),
        ...(event.comment !== undefined ? { comment: event.comment } : {}),
      },
    }));
};
