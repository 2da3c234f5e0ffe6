import type { ApiToken, ApiTokenList, CreateApiToken, CreatedApiToken } from '@nubes/domain';
import { apiRequest } from './client';

export const apiTokenKeys = { own: ['api-tokens', 'own'] as const };

export const fetchOwnApiTokens = (signal?: AbortSignal) => apiRequest<ApiTokenList>('/api/me/api-tokens', { signal });

export const createApiToken = (body: CreateApiToken) =>
  apiRequest<CreatedApiToken>('/api/me/api-tokens', { method: 'POST', body });

export const revokeOwnApiToken = (id: string) =>
  apiRequest<ApiToken>(`/api/me/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
