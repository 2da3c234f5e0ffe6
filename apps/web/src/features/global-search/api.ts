import type { ContactList, ServiceListResponse, VoList } from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** How many hits of each kind the search shows. */
export const HITS_PER_KIND = 6;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The lists' own searches: services through the portfolio (or My Services for people without the
 * portfolio), contacts and VOs through theirs; each answers only what the person may read.
 */
export const searchServices = (q: string, portfolio: boolean, signal?: AbortSignal) =>
  apiRequest<ServiceListResponse>(
    `${portfolio ? '/api/services' : '/api/services/mine'}?${query({ q, pageSize: String(HITS_PER_KIND) })}`,
    { signal },
  );

export const searchContacts = (q: string, signal?: AbortSignal) =>
  apiRequest<ContactList>(`/api/contacts?${query({ q, pageSize: String(HITS_PER_KIND) })}`, { signal });

export const searchVos = (q: string, signal?: AbortSignal) =>
  apiRequest<VoList>(`/api/vos?${query({ q, pageSize: String(HITS_PER_KIND) })}`, { signal });
