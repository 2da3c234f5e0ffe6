import type { TabCounts } from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { listKeys } from '../../api/services';
import type { ListFilters } from './listQuery';

/** The counts' call: the list's search and filters without tab, sort and page. */
export const tabCountsPath = (filters: ListFilters): string => {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.keyword) params.set('keyword', filters.keyword);
  const query = params.toString();
  return `/api/services/tab-counts${query ? `?${query}` : ''}`;
};

/**
 * How many services each portfolio tab holds under the current search and filters: one request
 * for all tabs (only for those who may list: the server refuses the others). Under the lists' key, so a change of a service refreshes the counts with the lists.
 */
export const useTabCounts = (filters: ListFilters, enabled: boolean): TabCounts['counts'] | undefined => {
  const path = tabCountsPath(filters);
  const counts = useQuery({
    queryKey: [...listKeys.all, 'tab-counts', path],
    queryFn: ({ signal }) => apiRequest<TabCounts>(path, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
  return counts.data?.counts;
};
