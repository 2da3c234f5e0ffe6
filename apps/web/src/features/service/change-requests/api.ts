import type { ApplyChangeRequest, ChangeRequest, ReleaseChangeRequest, ServiceChangeRequests } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

/** The change request calls of the API (see /api/openapi.json). */

type ProposedValues = Record<string, string | number | boolean | string[] | null>;

const one = (id: string) => `/api/change-requests/${encodeURIComponent(id)}`;

export const changeRequestKeys = {
  all: ['change-requests'] as const,
  ofService: (serviceId: string) => ['change-requests', 'service', serviceId] as const,
  one: (id: string) => ['change-requests', 'one', id] as const,
  list: (path: string) => ['change-requests', 'list', path] as const,
};

export const fetchServiceChangeRequests = (serviceId: string) =>
  apiRequest<ServiceChangeRequests>(`/api/services/${encodeURIComponent(serviceId)}/change-requests`);

export const fetchChangeRequest = (id: string) => apiRequest<ChangeRequest>(one(id));

export const createChangeRequest = (serviceId: string, fields: ProposedValues) =>
  apiRequest<ChangeRequest>(`/api/services/${encodeURIComponent(serviceId)}/change-requests`, {
    method: 'POST',
    body: { fields },
  });

export const updateChangeRequest = (id: string, version: number, fields: ProposedValues) =>
  apiRequest<ChangeRequest>(one(id), { method: 'PATCH', body: { version, fields } });

export type ChangeRequestStepName = 'hand-in' | 'withdraw';

export const stepChangeRequest = (id: string, step: ChangeRequestStepName, version: number) =>
  apiRequest<ChangeRequest>(`${one(id)}/${step}`, { method: 'POST', body: { version } });

/** Records the decisions and releases the request, in one transaction. */
export const releaseChangeRequest = (id: string, body: ReleaseChangeRequest) =>
  apiRequest<ChangeRequest>(`${one(id)}/release`, { method: 'POST', body });

export const applyChangeRequest = (id: string, body: ApplyChangeRequest) =>
  apiRequest<ChangeRequest>(`${one(id)}/apply`, { method: 'POST', body });
