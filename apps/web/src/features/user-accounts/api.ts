import type { UpdateUserRolesRequest, UserAccount, UserAccountList, UserAccountQuery } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const userAccountKeys = {
  list: (query: string) => ['user-accounts', 'list', query] as const,
  detail: (id: string) => ['user-accounts', 'detail', id] as const,
};

const account = (id: string) => `/api/user-accounts/${encodeURIComponent(id)}`;

export const userAccountQueryString = (query: Partial<UserAccountQuery>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const fetchUserAccounts = (query: Partial<UserAccountQuery>, signal?: AbortSignal) =>
  apiRequest<UserAccountList>(`/api/user-accounts${userAccountQueryString(query)}`, { signal });

export const fetchUserAccount = (id: string, signal?: AbortSignal) => apiRequest<UserAccount>(account(id), { signal });

export const saveUserRoles = (id: string, body: UpdateUserRolesRequest) =>
  apiRequest<UserAccount>(`${account(id)}/roles`, { method: 'PUT', body });
