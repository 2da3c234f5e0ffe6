import type { CreateEntitlementRole, EntitlementRole, EntitlementRoleList, UpdateEntitlementRole } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const entitlementRoleKeys = { all: ['entitlement-roles'] as const };

const pair = (id: string) => `/api/entitlement-roles/${encodeURIComponent(id)}`;

export const fetchEntitlementRoles = (signal?: AbortSignal) =>
  apiRequest<EntitlementRoleList>('/api/entitlement-roles', { signal });

export const createEntitlementRole = (body: CreateEntitlementRole) =>
  apiRequest<EntitlementRole>('/api/entitlement-roles', { method: 'POST', body });

export const updateEntitlementRole = (id: string, body: UpdateEntitlementRole) =>
  apiRequest<EntitlementRole>(pair(id), { method: 'PATCH', body });

export const deleteEntitlementRole = (row: Pick<EntitlementRole, 'id' | 'version'>) =>
  apiRequest<void>(`${pair(row.id)}?version=${row.version}`, { method: 'DELETE' });
