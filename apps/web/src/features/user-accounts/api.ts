import type { BringUserBackRequest, MarkUserGoneRequest, UpdateUserRolesRequest, UserAccount } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const userAccountKeys = {
  list: (path: string) => ['user-accounts', 'list', path] as const,
  detail: (id: string) => ['user-accounts', 'detail', id] as const,
};

const account = (id: string) => `/api/user-accounts/${encodeURIComponent(id)}`;

export const fetchUserAccount = (id: string, signal?: AbortSignal) => apiRequest<UserAccount>(account(id), { signal });

export const saveUserRoles = (id: string, body: UpdateUserRolesRequest) =>
  apiRequest<UserAccount>(`${account(id)}/roles`, { method: 'PUT', body });

export const markUserGone = (id: string, body: MarkUserGoneRequest) =>
  apiRequest<UserAccount>(`${account(id)}/gone`, { method: 'POST', body });

export const bringUserBack = (id: string, body: BringUserBackRequest) =>
  apiRequest<UserAccount>(`${account(id)}/back`, { method: 'POST', body });
