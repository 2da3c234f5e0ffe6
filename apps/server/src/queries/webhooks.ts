import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

/** Every webhook endpoint, oldest first; the sealed secret stays behind. */
export const listWebhooks = (db: Db) => db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));

export const loadWebhook = async (db: Db, id: string) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0] ?? null;

/** How many deliveries an endpoint's log shows, newest first. */
const DELIVERY_LOG_SIZE = 100;

export const listWebhookDeliveries = (db: Db, endpointId: string) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
