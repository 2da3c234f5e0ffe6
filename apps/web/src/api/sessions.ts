import type { EndedSessions, OwnSessionList } from '@nubes/domain';
import { apiRequest } from './client';

export const sessionKeys = { own: ['sessions', 'own'] as const };

export const fetchOwnSessions = (signal?: AbortSignal) => apiRequest<OwnSessionList>('/api/sessions', { signal });

export const endOwnSession = (id: string) =>
  apiRequest<EndedSessions>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The portal manager's "End all sessions" of a user account. */
export const endUserSessions = (userId: string) =>
  apiRequest<EndedSessions>(`/api/user-accounts/${encodeURIComponent(userId)}/sessions`, { method: 'DELETE' });
