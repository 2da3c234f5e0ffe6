import type {
  CreateResourcePackage,
  CreateResourceType,
  ResourcePackage,
  ResourcePackageStep,
  ResourceType,
  ResourceTypeList,
  ServiceResourcePackages,
  UpdateResourcePackage,
  UpdateResourceType,
} from '@nubes/domain';
import { streamPageQuery, type HistoryPage } from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** The resource type and resource package calls of the API (see /api/openapi.json). */

const type = (id: string) => `/api/resource-types/${encodeURIComponent(id)}`;
const packagesOf = (serviceId: string) => `/api/services/${encodeURIComponent(serviceId)}/resource-packages`;
const onePackage = (serviceId: string, packageId: string) =>
  `${packagesOf(serviceId)}/${encodeURIComponent(packageId)}`;

export const resourcePackageKeys = {
  all: ['resource-packages'] as const,
  types: ['resource-packages', 'types'] as const,
  ofService: (serviceId: string) => ['resource-packages', 'service', serviceId] as const,
  one: (packageId: string) => ['resource-packages', 'one', packageId] as const,
  history: (packageId: string) => ['resource-packages', 'history', packageId] as const,
  reviewList: (path: string) => ['resource-packages', 'review-list', path] as const,
};

export const fetchResourceTypes = () => apiRequest<ResourceTypeList>('/api/resource-types');

export const createResourceType = (body: CreateResourceType) =>
  apiRequest<ResourceType>('/api/resource-types', { method: 'POST', body });

export const updateResourceType = (id: string, body: UpdateResourceType) =>
  apiRequest<ResourceType>(type(id), { method: 'PATCH', body });

export const deleteResourceType = (id: string, version: number) =>
  apiRequest<null>(`${type(id)}?version=${version}`, { method: 'DELETE' });

export const fetchServiceResourcePackages = (serviceId: string) =>
  apiRequest<ServiceResourcePackages>(packagesOf(serviceId));

export const fetchResourcePackage = (serviceId: string, packageId: string) =>
  apiRequest<ResourcePackage>(onePackage(serviceId, packageId));

/** A page of the package's history, newest first, after the cursor of the page before. */
export const fetchResourcePackageHistory = (
  serviceId: string,
  packageId: string,
  cursor: string | null,
  signal?: AbortSignal,
) => apiRequest<HistoryPage>(`${onePackage(serviceId, packageId)}/history${streamPageQuery(cursor)}`, { signal });

export const createResourcePackage = (serviceId: string, body: CreateResourcePackage) =>
  apiRequest<ResourcePackage>(packagesOf(serviceId), { method: 'POST', body });

export const updateResourcePackage = (serviceId: string, packageId: string, body: UpdateResourcePackage) =>
  apiRequest<ResourcePackage>(onePackage(serviceId, packageId), { method: 'PATCH', body });

export const deleteResourcePackage = (serviceId: string, packageId: string, version: number) =>
  apiRequest<null>(`${onePackage(serviceId, packageId)}?version=${version}`, { method: 'DELETE' });

export const stepResourcePackage = (serviceId: string, packageId: string, body: ResourcePackageStep) =>
  apiRequest<ResourcePackage>(`${onePackage(serviceId, packageId)}/transitions`, { method: 'POST', body });
