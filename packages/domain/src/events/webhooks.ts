import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from '../schemas/text.js';
import { FEED_EVENT_TYPES } from './feed.js';

const isoDateTime = z.string().meta({ format: 'date-time' });

/** A webhook secret as the Standard Webhooks specification writes one: this prefix and base64 of its bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** What a delivery goes through: waiting (or between tries), being sent, answered with 2xx, given up. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

const webhookUrl = text({ error: msg('webhooks.urlInvalid') })
  .trim()
  .max(2000, { error: msg('webhooks.urlInvalid') })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: msg('webhooks.urlInvalid') },
  );

const webhookFields = {
  url: webhookUrl,
  eventTypes: z
    .array(z.enum(FEED_EVENT_TYPES, { error: msg('validation.invalid') }), { error: msg('validation.invalid') })
    .min(1, { error: msg('webhooks.eventTypesRequired') })
    .refine((types) => new Set(types).size === types.length, { error: msg('validation.invalid') }),
  active: z.boolean({ error: msg('validation.invalid') }),
  description: text({ error: msg('validation.invalid') })
    .trim()
    .max(500, { error: msg('webhooks.descriptionTooLong') }),
};

export const createWebhookSchema = z.object(webhookFields).meta({ id: 'CreateWebhook' });
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({ ...webhookFields, version: z.int({ error: msg('validation.invalid') }).min(1) })
  .meta({ id: 'UpdateWebhook' });
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

export const webhookVersionSchema = z
  .object({ version: z.int({ error: msg('validation.invalid') }).min(1) })
  .meta({ id: 'WebhookVersion' });

/** An endpoint as the admin panel lists it: never its secret. */
export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(FEED_EVENT_TYPES)),
    active: z.boolean(),
    description: z.string(),
    createdAt: isoDateTime,
    secretRotatedAt: isoDateTime,
    version: z.int(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) }).meta({ id: 'WebhookList' });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer to a new endpoint or a rotation: the one time its secret is shown. */
export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: z.string().describe('`whsec_` and base64 of the signing key; shown this once.') })
  .meta({ id: 'WebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.enum(FEED_EVENT_TYPES),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    tries: z.int(),
    lastStatus: z.int().nullable(),
    lastError: z.string().nullable(),
    createdAt: isoDateTime,
    lastAttemptAt: isoDateTime.nullable(),
    deliveredAt: isoDateTime.nullable(),
    version: z.int(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .object({ items: z.array(webhookDeliverySchema) })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookIdParamSchema = z.object({ id: z.uuid({ error: msg('validation.invalid') }) });
export const webhookDeliveryParamSchema = z.object({
  id: z.uuid({ error: msg('validation.invalid') }),
  deliveryId: z.uuid({ error: msg('validation.invalid') }),
});
