import { streamPageQuery } from '@nubes/domain';
import type {
  AddContactRelation,
  Contact,
  ContactServiceTargetList,
  CreateContact,
  HistoryPage,
  ServiceContactList,
  UpdateContact,
} from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** The contact calls of the API (see /api/openapi.json). */

const one = (id: string) => `/api/contacts/${encodeURIComponent(id)}`;

export const contactKeys = {
  all: ['contacts'] as const,
  list: (path: string) => ['contacts', 'list', path] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  history: (id: string) => ['contacts', 'history', id] as const,
  ofService: (serviceId: string) => ['contacts', 'service', serviceId] as const,
};

/** Everything held about one person, as a JSON download. */
export const contactDataPath = (id: string) => `${one(id)}/data`;

/** A page of the contact's history, newest first (the next page after `cursor`). */
export const fetchContactHistory = (id: string, cursor: string | null, signal: AbortSignal) =>
  apiRequest<HistoryPage>(`${one(id)}/history${streamPageQuery(cursor)}`, { signal });

export const fetchContact = (id: string, signal?: AbortSignal) => apiRequest<Contact>(one(id), { signal });

export const createContact = (body: CreateContact) => apiRequest<Contact>('/api/contacts', { method: 'POST', body });

export const updateContact = (id: string, body: UpdateContact) =>
  apiRequest<Contact>(one(id), { method: 'PATCH', body });

export const deleteContact = (id: string, version: number) =>
  apiRequest<null>(`${one(id)}?version=${version}`, { method: 'DELETE' });

export const eraseContact = (id: string, version: number) =>
  apiRequest<null>(`${one(id)}/erase?version=${version}`, { method: 'POST' });

export const addContactRelation = (id: string, body: AddContactRelation) =>
  apiRequest<Contact>(`${one(id)}/relations`, { method: 'POST', body });

export const removeContactRelation = (id: string, relationId: string) =>
  apiRequest<Contact>(`${one(id)}/relations/${encodeURIComponent(relationId)}`, { method: 'DELETE' });

export const fetchServiceContacts = (serviceId: string, signal?: AbortSignal) =>
  apiRequest<ServiceContactList>(`/api/services/${encodeURIComponent(serviceId)}/contacts`, { signal });

export const fetchServiceTargets = (q: string, signal?: AbortSignal) =>
  apiRequest<ContactServiceTargetList>(
    `/api/contacts/service-targets${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`,
    {
      signal,
    },
  );
