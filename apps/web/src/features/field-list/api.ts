import type { ClearFieldRequest, ClearFieldResponse, FieldListResponse } from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** Field list queries start with 'serviceFields'; a clear refreshes them and the service lists. */
export const fieldListKeys = {
  all: ['serviceFields'] as const,
  page: (path: string) => ['serviceFields', path] as const,
};

export const fetchFieldList = (path: string, signal?: AbortSignal) => apiRequest<FieldListResponse>(path, { signal });

export const clearField = (field: string, body: ClearFieldRequest) =>
  apiRequest<ClearFieldResponse>(`/api/service-fields/${encodeURIComponent(field)}/clear`, { method: 'POST', body });
