import type { MailSettings, MailSettingsRequest, OutboxList } from '@nubes/domain';
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
