import type { CreateVoNamePrefix, VoNamePrefix, VoNamePrefixList } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const voNamePrefixKeys = { all: ['vo-name-prefixes'] as const };

export const fetchVoNamePrefixes = (signal?: AbortSignal) =>
  apiRequest<VoNamePrefixList>('/api/vo-name-prefixes', { signal });

export const createVoNamePrefix = (body: CreateVoNamePrefix) =>
  apiRequest<VoNamePrefix>('/api/vo-name-prefixes', { method: 'POST', body });

export const deleteVoNamePrefix = (row: Pick<VoNamePrefix, 'id' | 'version'>) =>
  apiRequest<void>(`/api/vo-name-prefixes/${encodeURIComponent(row.id)}?version=${row.version}`, {
    method: 'DELETE',
  });
