import type { ServiceRelation, ServiceRoleKey } from '@nubes/domain';
import type { services } from '../db/schema.js';

/**
 * The service as the layers pass it between them: commands answer it, policies load it,
 * presenters shape it. Here, not in one of those layers, so none of them imports another's types.
 */
export type ServiceRow = typeof services.$inferSelect;

/** A service's row and its further admins: everything the detail answer is built from. */
export interface ServiceSnapshot {
  row: ServiceRow;
  adminIds: readonly string[];
}

/** A service loaded for a caller: the snapshot and the caller's relation to it. */
export interface LoadedService extends ServiceSnapshot {
  adminIds: string[];
  relation: ServiceRelation;
}

/** The role keys of the API and their columns. */
export const ROLE_COLUMNS = {
  objectOwner: 'objectOwnerId',
  serviceOwner: 'serviceOwnerId',
  serviceManager: 'serviceManagerId',
  providerManager: 'providerManagerId',
} as const satisfies Record<ServiceRoleKey, keyof ServiceRow>;
