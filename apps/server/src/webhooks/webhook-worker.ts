import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dueForClaim, markAttempt, msInterval } from '../db/claims.js';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { presentFeedEvent } from '../presenters/feed-event.js';
import { loadFeedEvents } from '../queries/event-feed.js';
import { leasedQueueWorkerSettings, startWorkerLoop, type LeasedQueueWorkerOptions } from '../model/worker-loop.js';
import { onWebhooksQueued } from './delivery-signal.js';
import { guardedLookup, resolvesToRefused } from './refused-targets.js';
import type { SecretBox } from './secret-box.js';
import { signWebhook } from './signature.js';

export interface WebhookWorkerOptions extends LeasedQueueWorkerOptions {
  db: Db;
  box: SecretBox;
  /** The portal's public address, for the events' links. */
  publicUrl: string;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: deliver to loopback, link-local and private addresses too. */
  allowPrivateTargets: boolean;
  /** How long a receiver may take to answer; default 10 s. */
  timeoutMs?: number;
}

export interface WebhookWorker {
  /** Delivers what is due now; resolves when this round is done (tests, the bench). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** What a try's answer was: the status, or why there was none (never the URL, which may hold a credential). */
interface Outcome {
  status: number | null;
  error: string | null;
}

const post = (url: string, headers: Record<string, string>, body: string, options: WebhookWorkerOptions) =>
  new Promise<Outcome>((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: options.timeoutMs ?? 10_000,
        ...(options.allowPrivateTargets ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        // The answer's body is not kept: only whether it was 2xx.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('the receiver did not answer in time')));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });

/** Claims due deliveries with a claim token and a lease, as the mail outbox's worker claims mails (mail/outbox-worker.ts). */
const claimDue = (db: Db, token: string, batchSize: number, leaseMs: number) => {
  const due = dueForClaim(db, webhookDeliveries, batchSize);
  return db
    .update(webhookDeliveries)
    .set({ claimToken: token, lockedUntil: sql`now() + ${msInterval(leaseMs)}` })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
};

/**
 * The webhook worker of one server process (docs/adr/0120-event-feed-and-signed-webhooks.md):
 * claims due deliveries, marks each try before it is sent, signs the event as Standard Webhooks
 * asks and POSTs it; a 2xx answer delivers it, anything else waits for the next try with backoff
 * until it is given up. A delivery a killed process was sending is sent again after its lease,
 * under the same `webhook-id`: at least once, never lost.
 */
export const startWebhookWorker = (options: WebhookWorkerOptions): WebhookWorker => {
  const { db } = options;
  const { pollMs, leaseMs, maxTries, backoffMs, batchSize, report } = leasedQueueWorkerSettings(options);

  const deliverOne = async (delivery: typeof webhookDeliveries.$inferSelect, token: string): Promise<boolean> => {
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimToken, token));
    const tries = await markAttempt(
      db,
      webhookDeliveries,
      { id: delivery.id, token, leaseMs },
      { lastAttemptAt: sql`now()` },
    );
    if (tries === null) return false;
    const outcome = await attemptDelivery(delivery);
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gaveUp = !delivered && tries >= maxTries;
    await db
      .update(webhookDeliveries)
      .set({
        state: delivered ? 'delivered' : gaveUp ? 'failed' : 'pending',
        lastStatus: outcome.status,
        lastError: delivered ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        deliveredAt: delivered ? sql`now()` : null,
        nextAttemptAt: delivered ? sql`now()` : sql`now() + ${msInterval(backoffMs(tries))}`,
        lockedUntil: null,
        claimToken: null,
        version: sql`${webhookDeliveries.version} + 1`,
      })
      .where(mine);
    return delivered;
  };

  const attemptDelivery = async (delivery: typeof webhookDeliveries.$inferSelect): Promise<Outcome> => {
    try {
      const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
      const [row] = await loadFeedEvents(db, [delivery.eventId], null);
      const event = row ? presentFeedEvent(row, options.publicUrl) : null;
      if (!endpoint || !event)
        return { status: null, error: 'the event is no feed event: its object is gone, or nothing public changed' };
      if (!options.allowPrivateTargets && (await resolvesToRefused(endpoint.url)))
        return { status: null, error: 'refused target: a loopback, link-local or private address' };
      const body = JSON.stringify({ type: event.type, timestamp: event.time, data: event });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = signWebhook(options.box.open(endpoint.secretCiphertext), event.id, timestamp, body);
      return await post(
        endpoint.url,
        { 'webhook-id': event.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        body,
        options,
      );
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : 'the delivery failed' };
    }
  };

  const round = async (stopped: () => boolean): Promise<number> => {
    let delivered = 0;
    while (!stopped()) {
      const token = randomUUID();
      const claimed = await claimDue(db, token, batchSize, leaseMs);
      if (claimed.length === 0) break;
      const results = await Promise.all(claimed.map((delivery) => deliverOne(delivery, token)));
      delivered += results.filter(Boolean).length;
    }
    return delivered;
  };

  return startWorkerLoop({ round, pollMs, onQueued: (wake) => onWebhooksQueued(db, wake), onError: report });
};
