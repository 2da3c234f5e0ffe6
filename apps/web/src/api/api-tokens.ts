import type { AllApiTokens, ApiToken, ApiTokenList, CreateApiToken, CreatedApiToken } from '@nubes/domain';
import { apiRequest } from './client';

export const apiTokenKeys = { own: ['api-tokens', 'own'] as const, all: ['api-tokens', 'all'] as const };

export const fetchOwnApiTokens = (signal?: AbortSignal) => apiRequest<ApiTokenList>('/api/me/api-tokens', { signal });

export const createApiToken = (body: CreateApiToken) =>
  apiRequest<CreatedApiToken>('/api/me/api-tokens', { method: 'POST', body });

export const revokeOwnApiToken = (id: string) =>
  apiRequest<ApiToken>(`/api/me/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The portal manager's: every token of the portal with its owner. */
export const fetchAllApiTokens = (signal?: AbortSignal) => apiRequest<AllApiTokens>('/api/api-tokens', { signal });

/** The portal manager's: revoke anyone's token. */
export const revokeAnyApiToken = (id: string) =>
  apiRequest<ApiToken>(`/api/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
