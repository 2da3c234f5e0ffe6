import { FEED_TYPE_OF_ACTION, feedChanges, isFeedAction } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

/** An audit event as it was just written: its id and what the feed makes of it. */
export interface RecordedEvent {
  id: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Queues one delivery per feed event and active endpoint that subscribed to its type, in the
 * transaction that writes the events (docs/adr/0120-event-feed-and-signed-webhooks.md): a
 * rolled-back change delivers nothing, a committed one is never without its deliveries. A write
 * without feed events reads nothing more. Answers how many were queued.
 */
export const queueWebhookDeliveries = async (tx: Tx, events: readonly RecordedEvent[]): Promise<number> => {
  const feedEvents = events.flatMap((event) =>
    isFeedAction(event.action) && feedChanges(event.action, event.before, event.after)
      ? [{ id: event.id, type: FEED_TYPE_OF_ACTION[event.action] }]
      : [],
  );
  if (feedEvents.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.active, true));
  const rows = endpoints.flatMap((endpoint) =>
    feedEvents
      .filter((event) => endpoint.eventTypes.includes(event.type))
      .map((event) => ({ endpointId: endpoint.id, eventId: event.id, eventType: event.type })),
  );
  // Far below a statement's parameter limit: a bulk change's events go to few endpoints.
  for (let from = 0; from < rows.length; from += 10_000)
    await tx
      .insert(webhookDeliveries)
      .values(rows.slice(from, from + 10_000))
      .onConflictDoNothing();
  return rows.length;
};
