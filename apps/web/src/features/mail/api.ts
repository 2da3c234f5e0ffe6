import {
  streamPageQuery,
  type MailSettings,
  type MailSettingsRequest,
  type OutboxEntry,
  type OutboxList,
  type OutboxState,
} from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const mailKeys = {
  outbox: ['mail', 'outbox'] as const,
  outboxIn: (state: OutboxState | null) => [...mailKeys.outbox, state ?? 'all'] as const,
  settings: ['mail', 'settings'] as const,
};

/** A page of the outbox (in one state, or all), newest first, after the cursor of the page before. */
export const fetchOutbox = (state: OutboxState | null, cursor: string | null, signal?: AbortSignal) => {
  const query = streamPageQuery(cursor);
  const inState = state ? `${query ? '&' : '?'}state=${state}` : '';
  return apiRequest<OutboxList>(`/api/mail/outbox${query}${inState}`, { signal });
};

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
