import type { ResourceType } from '@nubes/domain';
import { resourceTypeValues, type ResourceTypeRow } from '../model/resource-type.js';

/** A resource type as the API answers it, with how many packages use it. */
export const presentResourceType = (row: ResourceTypeRow, packageCount: number): ResourceType => ({
  id: row.id,
  ...resourceTypeValues(row),
  version: row.version,
  packageCount,
  updatedAt: row.updatedAt.toISOString(),
});
