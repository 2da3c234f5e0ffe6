import type { resourceTypes } from '../db/schema.js';

export type ResourceTypeRow = typeof resourceTypes.$inferSelect;

/** Every value of a type a manager can set: what its audit events keep and the API answers. */
export const resourceTypeValues = (row: ResourceTypeRow) => ({
  key: row.key,
  name: row.name,
  description: row.description,
  quotaUnit: row.quotaUnit,
  schema: row.schema,
  retired: row.retired,
});
