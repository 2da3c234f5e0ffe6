import type {
  AnnounceDowntimeRequest,
  Downtime,
  ExtendDowntimeRequest,
  ServiceDowntimes,
  ServiceListResponse,
} from '@nubes/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { useSession } from '../../auth/SessionProvider';

const servicePath = (id: string) => `/api/services/${encodeURIComponent(id)}`;
const downtimePath = (id: string) => `/api/downtimes/${encodeURIComponent(id)}`;

/** Downtime queries start with 'downtimes': one invalidation refreshes the tab, the header's line and the public page's toggle. */
export const downtimeKeys = {
  all: ['downtimes'] as const,
  service: (id: string) => ['downtimes', 'service', id] as const,
  serviceIdOf: (serviceId: string) => ['downtimes', 'service-id-of', serviceId] as const,
};

export const fetchServiceDowntimes = (id: string, signal?: AbortSignal) =>
  apiRequest<ServiceDowntimes>(`${servicePath(id)}/downtimes`, { signal });

export const announceDowntime = (id: string, body: AnnounceDowntimeRequest) =>
  apiRequest<Downtime>(`${servicePath(id)}/downtimes`, { method: 'POST', body });

export const extendDowntime = (id: string, body: ExtendDowntimeRequest) =>
  apiRequest<Downtime>(`${downtimePath(id)}/extension`, { method: 'POST', body });

export const endDowntime = (downtime: Downtime) =>
  apiRequest<Downtime>(`${downtimePath(downtime.id)}/end`, { method: 'POST', body: { version: downtime.version } });

export const cancelDowntime = (downtime: Downtime) =>
  apiRequest<Downtime>(`${downtimePath(downtime.id)}/cancellation`, {
    method: 'POST',
    body: { version: downtime.version },
  });

/** Without a body either way: the subscription's PUT refuses one. */
export const setDowntimeSubscription = (id: string, subscribed: boolean) =>
  apiRequest<void>(`${servicePath(id)}/downtime-subscription`, { method: subscribed ? 'PUT' : 'DELETE' });

/** The calendar feeds (iCalendar), public: one service's by its service ID, and all services'. */
export const serviceCalendarUrl = (serviceId: string) =>
  `/api/public/services/${encodeURIComponent(serviceId)}/downtimes.ics`;
export const allCalendarUrl = '/api/public/downtimes.ics';

/** A service's downtimes, whether the caller may announce and whether they subscribed. */
export const serviceDowntimesQuery = (id: string) =>
  queryOptions({ queryKey: downtimeKeys.service(id), queryFn: ({ signal }) => fetchServiceDowntimes(id, signal) });

export const useServiceDowntimes = (id: string | undefined) =>
  useQuery({ ...serviceDowntimesQuery(id ?? ''), enabled: Boolean(id) });

/**
 * The service's id behind its public service ID, for a logged-in reader of the public page: the
 * portfolio's own search finds a service by its service ID among those the reader sees; null when
 * the reader does not see it (then there is nothing to subscribe to).
 */
export const useServiceIdOf = (serviceId: string) => {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: downtimeKeys.serviceIdOf(serviceId),
    queryFn: async ({ signal }) => {
      const found = await apiRequest<ServiceListResponse>(
        `/api/services?tab=catalogue&q=${encodeURIComponent(serviceId)}&page=1&pageSize=20`,
        { signal },
      );
      return found.items.find((service) => service.serviceId === serviceId)?.id ?? null;
    },
    enabled: isLoggedIn,
    staleTime: Infinity,
  });
};
