import { streamPageQuery } from '@nubes/domain';
import type {
  UserRef,
  CreateVo,
  HistoryPage,
  UpdateVo,
  VoDetails,
  VoList,
  VoListQueryInput,
  VoNameCheck,
  VoServiceRef,
  VoSettings,
  VoTransition,
} from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** The VO registration's calls of the API (see /api/openapi.json), typed with the domain's schemas' types. */

interface Items<T> {
  items: T[];
}

const one = (id: string) => `/api/vos/${encodeURIComponent(id)}`;

export const voKeys = {
  all: ['vos'] as const,
  list: (query: string) => ['vos', 'list', query] as const,
  detail: (id: string) => ['vos', 'detail', id] as const,
  history: (id: string) => ['vos', 'detail', id, 'history'] as const,
  settings: ['vos', 'settings'] as const,
  serviceOptions: ['vos', 'service-options'] as const,
  userOptions: (q: string) => ['vos', 'user-options', q] as const,
  nameCheck: (name: string) => ['vos', 'name-check', name] as const,
};

/** The list's query as the API reads it: empty values left out. */
export const voListQueryString = (query: VoListQueryInput): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Where a page of My VOs is read (its exports beside it: listExports). */
export const voListPath = (query: VoListQueryInput) => `/api/vos${voListQueryString(query)}`;

export const fetchVos = (query: VoListQueryInput, signal?: AbortSignal) =>
  apiRequest<VoList>(voListPath(query), { signal });

export const fetchVo = (id: string, signal?: AbortSignal) => apiRequest<VoDetails>(one(id), { signal });

export const createVo = (body: CreateVo) => apiRequest<VoDetails>('/api/vos', { method: 'POST', body });

export const updateVo = (id: string, body: UpdateVo) => apiRequest<VoDetails>(one(id), { method: 'PATCH', body });

export const runVoTransition = (id: string, body: VoTransition) =>
  apiRequest<VoDetails>(`${one(id)}/transitions`, { method: 'POST', body });

/** A page of the VO's history, newest first, after the cursor of the page before. */
export const fetchVoHistory = (id: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<HistoryPage>(`${one(id)}/history${streamPageQuery(cursor)}`, { signal });

export const fetchVoSettings = (signal?: AbortSignal) => apiRequest<VoSettings>('/api/vo-settings', { signal });

/** Whether a VO name may be taken: the format, the reserved prefixes and the names of the other VOs. */
export const checkVoName = (name: string, signal?: AbortSignal) =>
  apiRequest<VoNameCheck>(`/api/vos/name-check?name=${encodeURIComponent(name)}`, { signal });

/** The services a VO may choose: those online now, by name (a VO manager sees no portfolio list). */
export const fetchVoServiceOptions = (signal?: AbortSignal) =>
  apiRequest<Items<VoServiceRef>>('/api/vos/service-options', { signal });

/** People a VO manager may name as deputy, by name, username or e-mail (from two characters on). */
export const searchVoDeputies = (q: string, signal?: AbortSignal) =>
  apiRequest<Items<UserRef>>(`/api/vos/user-options?q=${encodeURIComponent(q)}`, { signal });
