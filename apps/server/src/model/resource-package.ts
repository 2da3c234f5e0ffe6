import type { resourcePackages, resourceTypes } from '../db/schema.js';
import type { InstitutionRef, ResourcePackageState, ServiceRelation } from '@nubes/domain';
import type { LoadedService, ServiceRow } from './service.js';

export type ResourcePackageRow = typeof resourcePackages.$inferSelect;
export type ResourceTypeRow = typeof resourceTypes.$inferSelect;

/** A package with its type, as commands answer it and presenters shape it. */
export interface ResourcePackageSnapshot {
  row: ResourcePackageRow;
  type: ResourceTypeRow;
}

/**
 * A package loaded for a caller: with its service and the caller's relation to it. The service may
 * be one the caller cannot see otherwise (a reviewer's view of a submitted package).
 */
export interface LoadedResourcePackage extends ResourcePackageSnapshot {
  service: LoadedService;
}

/**
 * A row of a Resource Package Review List page: the package with its service, type, provider and
 * submitter, and the caller's relation to the service (worked out by the database).
 */
export interface ReviewPageRow {
  id: string;
  name: string;
  quota: number;
  state: ResourcePackageState;
  version: number;
  submittedAt: Date | null;
  updatedAt: Date;
  service: Pick<ServiceRow, 'id' | 'serviceId' | 'name' | 'state'>;
  provider: Pick<InstitutionRef, 'abbreviation' | 'name'> | null;
  type: Pick<ResourceTypeRow, 'key' | 'name' | 'quotaUnit'>;
  /** The submitter's full name. */
  submittedBy: string | null;
  relation: ServiceRelation;
}
