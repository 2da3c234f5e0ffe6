import type { MailSettings, MailSettingsRequest, OutboxEntry, OutboxList } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const mailKeys = {
  outbox: ['mail', 'outbox'] as const,
  settings: ['mail', 'settings'] as const,
};

export const fetchOutbox = (signal?: AbortSignal) => apiRequest<OutboxList>('/api/mail/outbox', { signal });

export const fetchMailSettings = (signal?: AbortSignal) =>
  apiRequest<MailSettings>('/api/me/mail-settings', { signal });

export const saveMailSettings = (body: MailSettingsRequest) =>
  apiRequest<MailSettings>('/api/me/mail-settings', { method: 'PUT', body });

/** Retry (a failed or discarded mail goes back to pending) or discard (a pending or failed one is not sent). */
export const changeOutboxMail = (mail: Pick<OutboxEntry, 'id' | 'version'>, action: 'retry' | 'discard') =>
  apiRequest<OutboxEntry>(`/api/mail/outbox/${encodeURIComponent(mail.id)}/${action}`, {
    method: 'POST',
    body: { version: mail.version },
  });
