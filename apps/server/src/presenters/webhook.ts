import type { Webhook, WebhookDelivery } from '@nubes/domain';
import type { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

/** An endpoint as the admin panel shows it: never its secret, sealed or not. */
export const presentWebhook = (row: typeof webhookEndpoints.$inferSelect): Webhook => ({
  id: row.id,
  url: row.url,
  eventTypes: row.eventTypes,
  active: row.active,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  secretRotatedAt: row.secretRotatedAt.toISOString(),
  version: row.version,
});

export const presentWebhookDelivery = (row: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  state: row.state,
  tries: row.tries,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  version: row.version,
});
