import type { InstitutionDetail, InstitutionRef } from '@nubes/domain';
import { institutionValues, type InstitutionRow } from '../model/institution.js';

/** An institution as the Institutions screen edits it; the IdP domain stays on the server. */
export const presentInstitution = (row: InstitutionRow): InstitutionDetail => ({
  id: row.id,
  ...institutionValues(row),
  hasLogo: row.logoKey !== null,
  version: row.version,
});

/** The institution a row names by its joined columns; null when it names none (or it is gone). */
export const institutionRefOf = (
  id: string | null,
  abbreviation: string | null,
  name: string | null,
): InstitutionRef | null => (id && abbreviation !== null && name !== null ? { id, abbreviation, name } : null);
