import type { PilotExtensionRequest, ServiceKindRequest, ServicePilot } from '@nubes/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** Pilot queries start with 'pilots': one invalidation refreshes a header, the list and a home. */
export const pilotKeys = {
  all: ['pilots'] as const,
  list: (path: string) => ['pilots', 'list', path] as const,
  service: (id: string) => ['pilots', 'service', id] as const,
};

export const fetchServicePilot = (id: string, signal?: AbortSignal) =>
  apiRequest<ServicePilot>(`/api/services/${encodeURIComponent(id)}/pilot`, { signal });

export const servicePilotQuery = (id: string) =>
  queryOptions({ queryKey: pilotKeys.service(id), queryFn: ({ signal }) => fetchServicePilot(id, signal) });

export const saveServiceKind = (id: string, body: ServiceKindRequest) =>
  apiRequest<ServicePilot>(`/api/services/${encodeURIComponent(id)}/pilot`, { method: 'PUT', body });

export const extendPilot = (id: string, body: PilotExtensionRequest) =>
  apiRequest<ServicePilot>(`/api/services/${encodeURIComponent(id)}/pilot/extension`, { method: 'POST', body });
