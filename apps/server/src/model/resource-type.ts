import type { resourceTypes } from '../db/schema.js';

export type ResourceTypeRow = typeof resourceTypes.$inferSelect;
