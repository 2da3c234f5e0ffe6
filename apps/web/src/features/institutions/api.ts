import {
  institutionLogoPath,
  streamPageQuery,
  type HistoryPage,
  type CreateInstitution,
  type InstitutionDetail,
  type UpdateInstitution,
} from '@nubes/domain';
import { apiRequest, type UploadProgress } from '../../api/client';

/** The institution calls of the API (see /api/openapi.json). */

const one = (id: string) => `/api/institutions/${encodeURIComponent(id)}`;

/** The same key as the service screens' institution picker: a change here refreshes it too. */
export const institutionKeys = {
  all: ['institutions'] as const,
  history: (id: string) => ['institutions', 'history', id] as const,
};

/** A page of the institution's history, newest first (the next page after `cursor`). */
export const fetchInstitutionHistory = (id: string, cursor: string | null, signal: AbortSignal) =>
  apiRequest<HistoryPage>(`${one(id)}/history${streamPageQuery(cursor)}`, { signal });

export const fetchInstitutionDetails = () => apiRequest<{ items: InstitutionDetail[] }>('/api/institutions');

export const createInstitution = (body: CreateInstitution) =>
  apiRequest<InstitutionDetail>('/api/institutions', { method: 'POST', body });

export const updateInstitution = (id: string, body: UpdateInstitution) =>
  apiRequest<InstitutionDetail>(one(id), { method: 'PATCH', body });

export const deleteInstitution = (id: string, version: number) =>
  apiRequest<null>(`${one(id)}?version=${version}`, { method: 'DELETE' });

/** The public address of an institution's logo; the version makes a new upload a new address. */
export const logoUrl = (institution: Pick<InstitutionDetail, 'id' | 'version'>) =>
  institutionLogoPath(institution.id, institution.version);

export const uploadLogo = (id: string, file: File, onUploadProgress?: (progress: UploadProgress) => void) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<InstitutionDetail>(`${one(id)}/logo`, { method: 'POST', body, onUploadProgress });
};
