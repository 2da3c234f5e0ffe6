import { routePath, type DowntimeSeverity } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { services } from '../db/schema.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { loadSubscriberIds } from '../queries/downtimes.js';
import { mailsTo, reachableUsers } from './service-mails.js';

export interface DowntimeMailEvent {
  kind: 'downtimeAnnounced' | 'downtimeStarted';
  serviceId: string;
  downtime: {
    severity: DowntimeSeverity;
    startsAt: Date;
    endsAt: Date;
    descriptionEn: string;
    descriptionDe: string;
  };
  /** Who acted (the portal itself at a start): never mailed about their own announcement. */
  actor: { id: string; name: string };
}

/**
 * The mails of a downtime (docs/adr/0124-announced-downtimes.md): to those who subscribed to the
 * service's downtimes, less the actor, those who switched the kind off and those without an
 * address. Read in the change's transaction, so a rolled-back change or job run sends none.
 */
export const downtimeMails = async (tx: Tx, event: DowntimeMailEvent): Promise<OutboxMessage[]> => {
  const subscribers = await loadSubscriberIds(tx, event.serviceId);
  if (subscribers.length === 0) return [];
  const [service] = await tx
    .select({ name: services.name, serviceNumber: services.serviceId })
    .from(services)
    .where(eq(services.id, event.serviceId));
  if (!service) return [];
  const { downtime } = event;
  return mailsTo(await reachableUsers(tx, event.kind, subscribers, []), event.kind, event.actor.id, {
    serviceId: event.serviceId,
    path: routePath('service', { id: event.serviceId }),
    content: {
      serviceName: service.name,
      serviceNumber: service.serviceNumber,
      actorName: event.actor.name,
      downtime: {
        severity: downtime.severity,
        startsAt: downtime.startsAt.toISOString(),
        endsAt: downtime.endsAt.toISOString(),
        descriptionEn: downtime.descriptionEn,
        descriptionDe: downtime.descriptionDe,
      },
    },
  });
};
