import type { UpdateInstitution } from '@nubes/domain';
import type { institutions } from '../db/schema.js';

export type InstitutionRow = typeof institutions.$inferSelect;

/** Every value of an institution a manager can set: what its audit events keep and its screen edits. */
export const institutionValues = (row: Omit<UpdateInstitution, 'version'>) => ({
  abbreviation: row.abbreviation,
  name: row.name,
  description: row.description,
  url: row.url,
  isCentre: row.isCentre,
  isServiceProvider: row.isServiceProvider,
});
