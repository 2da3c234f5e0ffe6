import type {
  CreateWebhook,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookWithSecret,
} from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

const endpoint = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const fetchWebhooks = (signal?: AbortSignal) => apiRequest<WebhookList>('/api/webhooks', { signal });

export const createWebhook = (body: CreateWebhook) =>
  apiRequest<WebhookWithSecret>('/api/webhooks', { method: 'POST', body });

export const updateWebhook = (id: string, body: UpdateWebhook) =>
  apiRequest<Webhook>(endpoint(id), { method: 'PUT', body });

export const rotateWebhookSecret = (row: Pick<Webhook, 'id' | 'version'>) =>
  apiRequest<WebhookWithSecret>(`${endpoint(row.id)}/secret`, { method: 'POST', body: { version: row.version } });

export const fetchWebhookDeliveries = (id: string, signal?: AbortSignal) =>
  apiRequest<WebhookDeliveryList>(`${endpoint(id)}/deliveries`, { signal });

export const redeliverWebhook = (id: string, delivery: Pick<WebhookDelivery, 'id' | 'version'>) =>
  apiRequest<WebhookDelivery>(`${endpoint(id)}/deliveries/${encodeURIComponent(delivery.id)}/redeliver`, {
    method: 'POST',
    body: { version: delivery.version },
  });
