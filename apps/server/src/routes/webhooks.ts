import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamSchema,
  webhookDeliverySchema,
  webhookIdParamSchema,
  webhookListSchema,
  webhookSchema,
  webhookVersionSchema,
  webhookWithSecretSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createWebhook, redeliverWebhook, rotateWebhookSecret, updateWebhook } from '../commands/webhooks.js';
import { apiRoutes, changeAnswers, createAnswers, objectAnswers } from '../http/api-route.js';
import { notFound } from '../http/http-error.js';
import { tagRoutes } from '../http/openapi.js';
import { changesOf } from './object-routes.js';
import { presentWebhook, presentWebhookDelivery } from '../presenters/webhook.js';
import { listWebhookDeliveries, listWebhooks, loadWebhook } from '../queries/webhooks.js';
import { openSecretBox, type SecretBox } from '../webhooks/secret-box.js';

/** The webhook endpoints of the event feed, for the portal manager (docs/adr/0120-event-feed-and-signed-webhooks.md). */
export const webhookRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('webhooks'));
  const { db } = context.database;
  const targets = { allowPrivateTargets: context.config.webhooks.allowPrivateTargets };
  let box: Promise<SecretBox> | undefined;
  const secretBox = () => (box ??= openSecretBox(db));

  api.get('/webhooks', {
    access: 'webhook.manage',
    summary: 'Every webhook endpoint, without its secret',
    answer: webhookListSchema,
    errors: [401, 403],
    handler: async () => ({ items: (await listWebhooks(db)).map(presentWebhook) }),
  });

  api.post('/webhooks', {
    access: 'webhook.manage',
    summary:
      'Register a webhook endpoint; the answer holds its signing secret this once. An address that leads to a loopback, link-local or private network is 400 unless the operator allows them',
    body: createWebhookSchema,
    ...createAnswers(webhookWithSecretSchema),
    handler: async (request, principal) => {
      const { row, secret } = await createWebhook(context.writes, await secretBox(), targets, principal, request.body);
      return { ...presentWebhook(row), secret };
    },
  });

  api.put('/webhooks/:id', {
    access: 'webhook.manage',
    summary: 'Change a webhook endpoint’s address, event types, activity and description (a stale version is 409)',
    ...changesOf(
      context.writes,
      webhookIdParamSchema,
      webhookSchema,
      presentWebhook,
    )(updateWebhookSchema, (writes, principal, id, body) => updateWebhook(writes, targets, principal, id, body)),
  });

  api.post('/webhooks/:id/secret', {
    access: 'webhook.manage',
    summary:
      'Rotate a webhook endpoint’s signing secret; the answer holds the new one this once (a stale version is 409)',
    params: webhookIdParamSchema,
    body: webhookVersionSchema,
    ...changeAnswers(webhookWithSecretSchema),
    handler: async (request, principal) => {
      const { row, secret } = await rotateWebhookSecret(
        context.writes,
        await secretBox(),
        principal,
        request.params.id,
        request.body.version,
      );
      return { ...presentWebhook(row), secret };
    },
  });

  api.get('/webhooks/:id/deliveries', {
    access: 'webhook.manage',
    summary: 'The delivery log of a webhook endpoint, newest first: status, answer code, tries and last error',
    params: webhookIdParamSchema,
    ...objectAnswers(webhookDeliveryListSchema),
    handler: async (request) => {
      if (!(await loadWebhook(db, request.params.id))) throw notFound();
      return { items: (await listWebhookDeliveries(db, request.params.id)).map(presentWebhookDelivery) };
    },
  });

  api.post('/webhooks/:id/deliveries/:deliveryId/redeliver', {
    access: 'webhook.manage',
    summary:
      'Deliver an event to the endpoint again, under the same webhook-id (a delivery being sent, or a stale version of it, is 409)',
    params: webhookDeliveryParamSchema,
    body: webhookVersionSchema,
    ...changeAnswers(webhookDeliverySchema),
    handler: async (request, principal) =>
      presentWebhookDelivery(
        await redeliverWebhook(
          context.writes,
          principal,
          request.params.id,
          request.params.deliveryId,
          request.body.version,
        ),
      ),
  });
};
