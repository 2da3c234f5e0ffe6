import type { institutions } from '../db/schema.js';

export type InstitutionRow = typeof institutions.$inferSelect;
