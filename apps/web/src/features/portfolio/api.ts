import type { ServiceListResponse } from '@nubes/domain';
import { apiRequest } from '../../api/client';
import { listApiPath, type ListFilters, type ListSource } from './listQuery';

export const fetchServicePage = (source: ListSource, filters: ListFilters, signal?: AbortSignal) =>
  apiRequest<ServiceListResponse>(listApiPath(source, filters), { signal });
