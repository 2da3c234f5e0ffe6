import {
  type CentreChoice,
  streamPageQuery,
  type Comment,
  type CommentPage,
  type CreateServiceRequest,
  type HistoryPage,
  type InstitutionRef,
  type Keyword,
  type ServiceDetail,
  type ServiceDocument,
  type TransitionRequest,
  type UpdateServiceRequest,
  type UpdateServiceRolesRequest,
  type UserRef,
  type WeightingCriterion,
} from '@nubes/domain';
import { apiRequest, type UploadProgress } from './client';

/** The service calls of the API (see /api/openapi.json), typed with the domain's schemas' types. */

interface Items<T> {
  items: T[];
}

export interface Institution extends InstitutionRef {
  url: string;
  isCentre: boolean;
  isServiceProvider: boolean;
}

const service = (id: string) => `/api/services/${encodeURIComponent(id)}`;

export const serviceKeys = {
  detail: (id: string) => ['service', id] as const,
  comments: (id: string) => ['service', id, 'comments'] as const,
  documents: (id: string) => ['service', id, 'documents'] as const,
  history: (id: string) => ['service', id, 'history'] as const,
  institutions: ['institutions'] as const,
  centreChoice: ['service-centre-choice'] as const,
  weightingCriteria: ['weighting-criteria'] as const,
  users: (q: string) => ['users', q] as const,
  usersWithGone: (q: string) => ['users', 'withGone', q] as const,
  keywords: (q: string) => ['keywords', q] as const,
};

/** The caller's own centre, under which alone they may place a service unless they choose any. */
export const fetchCentreChoice = () => apiRequest<CentreChoice>('/api/services/centre-choice');

export const fetchService = (id: string) => apiRequest<ServiceDetail>(service(id));

export const createService = (body: CreateServiceRequest) =>
  apiRequest<ServiceDetail>('/api/services', { method: 'POST', body });

export const updateService = (id: string, body: UpdateServiceRequest) =>
  apiRequest<ServiceDetail>(service(id), { method: 'PATCH', body });

export const runTransition = (id: string, body: TransitionRequest) =>
  apiRequest<ServiceDetail>(`${service(id)}/transitions`, { method: 'POST', body });

export const updateRoles = (id: string, body: UpdateServiceRolesRequest) =>
  apiRequest<ServiceDetail>(`${service(id)}/roles`, { method: 'PUT', body });

export const addAdmin = (id: string, userId: string, version: number) =>
  apiRequest<ServiceDetail>(`${service(id)}/admins`, { method: 'POST', body: { userId, version } });

export const removeAdmin = (id: string, userId: string, version: number) =>
  apiRequest<ServiceDetail>(`${service(id)}/admins/${encodeURIComponent(userId)}?version=${version}`, {
    method: 'DELETE',
  });

export const requestRoleChange = (
  id: string,
  body: { role: 'serviceOwner' | 'serviceManager'; userId: string; reason?: string },
) => apiRequest<ServiceDetail>(`${service(id)}/role-changes`, { method: 'POST', body });

export const decideRoleChange = (id: string, changeId: string, accept: boolean) =>
  apiRequest<ServiceDetail>(`${service(id)}/role-changes/${encodeURIComponent(changeId)}/decision`, {
    method: 'POST',
    body: { accept },
  });

/** A page of the service's history, newest first, after the cursor of the page before. */
export const fetchHistory = (id: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<HistoryPage>(`${service(id)}/history${streamPageQuery(cursor)}`, { signal });

export const activateDocuments = (id: string, version: number) =>
  apiRequest<ServiceDetail>(`${service(id)}/documents/activate`, { method: 'POST', body: { version } });

export const fetchDocuments = (id: string) => apiRequest<Items<ServiceDocument>>(`${service(id)}/documents`);

/** The download is a plain GET link: the auth cookie authenticates it (docs/domain.md#sessions). */
export const documentUrl = (id: string, documentId: string) =>
  `${service(id)}/documents/${encodeURIComponent(documentId)}`;

export const uploadDocument = (id: string, file: File, onUploadProgress?: (progress: UploadProgress) => void) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<ServiceDocument>(`${service(id)}/documents`, { method: 'POST', body, onUploadProgress });
};

export const deleteDocument = (id: string, documentId: string) =>
  apiRequest<void>(documentUrl(id, documentId), { method: 'DELETE' });

/** A page of the service's comments, newest first, after the cursor of the page before. */
export const fetchComments = (id: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<CommentPage>(`${service(id)}/comments${streamPageQuery(cursor)}`, { signal });

export const addComment = (id: string, text: string) =>
  apiRequest<Comment>(`${service(id)}/comments`, { method: 'POST', body: { text } });

/** The people one may give a role or a responsibility: the server leaves out those marked as gone. */
export const searchUsers = (q: string, signal?: AbortSignal) =>
  apiRequest<Items<UserRef>>(`/api/users?q=${encodeURIComponent(q)}`, { signal });

/** Everyone, the gone too: for a filter by person (the audit log's). */
export const searchUsersWithGone = (q: string, signal?: AbortSignal) =>
  apiRequest<Items<UserRef>>(`/api/users?q=${encodeURIComponent(q)}&gone=include`, { signal });

export const searchKeywords = (q: string, signal?: AbortSignal) =>
  apiRequest<Items<Keyword>>(`/api/keywords${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal });

export const createKeywords = (names: string[]) =>
  apiRequest<Items<Keyword>>('/api/keywords', { method: 'POST', body: { names } });

export const fetchInstitutions = () => apiRequest<Items<Institution>>('/api/institutions');

export const fetchWeightingCriteria = () => apiRequest<Items<WeightingCriterion>>('/api/weighting-criteria');

/**
 * List queries start with 'services', so a screen that changed a service can refresh every list
 * at once with invalidateQueries({ queryKey: ['services'] }).
 */
export const listKeys = {
  all: ['services'] as const,
  page: (source: string, path: string) => ['services', source, path] as const,
};
