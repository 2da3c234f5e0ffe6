import type { ServiceListResponse } from '@nubes/domain';
import { apiRequest } from '../../api/client';
import { listApiPath, type ListFilters, type ListSource } from './listQuery';

/**
 * List queries start with 'services', so a screen that changed a service can refresh every list
 * at once with invalidateQueries({ queryKey: ['services'] }).
 */
export const listKeys = {
  all: ['services'] as const,
  page: (source: ListSource, path: string) => ['services', source, path] as const,
};

export const fetchServicePage = (source: ListSource, filters: ListFilters, signal?: AbortSignal) =>
  apiRequest<ServiceListResponse>(listApiPath(source, filters), { signal });
