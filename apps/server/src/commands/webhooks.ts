import type { CreateWebhook, UpdateWebhook } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import { webhookDeliveries } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../http/http-error.js';
import type { Writes } from '../writes/pipeline.js';
import { webhookRows } from '../writes/row-writes.js';
import { resolvesToRefused } from '../webhooks/refused-targets.js';
import { newWebhookSecret, type SecretBox } from '../webhooks/secret-box.js';

/** Where a webhook may lead: the operator's setting, and the address its host resolves to now. */
export interface WebhookTargets {
  allowPrivateTargets: boolean;
}

const checkTarget = async (url: string, targets: WebhookTargets) => {
  if (!targets.allowPrivateTargets && (await resolvesToRefused(url)))
    throw invalidInput(undefined, { url: 'webhooks.refusedTarget' });
};

/** Registers an endpoint; answers it with its secret, which is shown this once (only the sealed secret is kept). */
export const createWebhook = async (
  writes: Writes,
  box: SecretBox,
  targets: WebhookTargets,
  principal: AuthUser,
  input: CreateWebhook,
) => {
  await checkTarget(input.url, targets);
  const secret = newWebhookSecret();
  const row = await webhookRows.create(
    writes,
    principal,
    { ...input, secretCiphertext: box.seal(secret.bytes) },
    {
      event: (created) => ({
        action: 'webhook.created',
        after: {
          url: created.url,
          eventTypes: created.eventTypes,
          active: created.active,
          description: created.description,
        },
      }),
      duplicate: () => conflict(),
    },
  );
  return { row, secret: secret.text };
};

export const updateWebhook = async (
  writes: Writes,
  targets: WebhookTargets,
  principal: AuthUser,
  id: string,
  input: UpdateWebhook,
) => {
  const { version, ...next } = input;
  return webhookRows.update(writes, principal, id, version, next, {
    action: 'webhook.updated',
    check: async (_tx, _row, changed) => {
      if (changed.url !== undefined) await checkTarget(changed.url, targets);
    },
  });
};

/** A new secret for an endpoint, shown this once; deliveries are signed with it from the commit on. */
export const rotateWebhookSecret = async (
  writes: Writes,
  box: SecretBox,
  principal: AuthUser,
  id: string,
  version: number,
) => {
  const secret = newWebhookSecret();
  const { object } = await webhookRows.change(writes, {
    id,
    principal,
    version,
    change: async (_tx, row) => ({
      set: { secretCiphertext: box.seal(secret.bytes), secretRotatedAt: sql`now()` },
      events: [{ action: 'webhook.secretRotated', after: { url: row.url } }],
    }),
  });
  return { row: object, secret: secret.text };
};

/**
 * Delivers an event to an endpoint again: its delivery goes back to waiting, due now, its tries
 * counted from zero, under the same `webhook-id`. A delivery being sent answers 409, as does a
 * stale version of it.
 */
export const redeliverWebhook = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  deliveryId: string,
  version: number,
) => {
  const { value } = await webhookRows.change(writes, {
    id,
    principal,
    change: async (tx, endpoint) => {
      const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id));
      const [delivery] = await tx.select().from(webhookDeliveries).where(mine).for('update');
      if (!delivery) throw notFound();
      if (delivery.version !== version || delivery.state === 'sending') throw conflict();
      const [next] = await tx
        .update(webhookDeliveries)
        .set({
          state: 'pending',
          tries: 0,
          nextAttemptAt: sql`now()`,
          lockedUntil: null,
          claimToken: null,
          version: delivery.version + 1,
        })
        .where(mine)
        .returning();
      return {
        events: [
          {
            action: 'webhook.redelivered',
            after: { delivery: delivery.id, eventId: delivery.eventId, state: delivery.state, tries: delivery.tries },
          },
        ],
        value: next!,
        effects: [{ kind: 'webhooks.queued' }],
      };
    },
  });
  return value;
};
