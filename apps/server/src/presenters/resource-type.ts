import type { ResourceType } from '@nubes/domain';
import type { ResourceTypeRow } from '../model/resource-type.js';

/** A resource type as the API answers it, with how many packages use it. */
export const presentResourceType = (row: ResourceTypeRow, packageCount: number): ResourceType => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  quotaUnit: row.quotaUnit,
  schema: row.schema,
  retired: row.retired,
  version: row.version,
  packageCount,
  updatedAt: row.updatedAt.toISOString(),
});
