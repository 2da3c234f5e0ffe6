import type { InstitutionDetail } from '@nubes/domain';
import type { InstitutionRow } from '../model/institution.js';

/** An institution as the Institutions screen edits it; the IdP domain stays on the server. */
export const presentInstitution = (row: InstitutionRow): InstitutionDetail => ({
  id: row.id,
  abbreviation: row.abbreviation,
  name: row.name,
  description: row.description,
  url: row.url,
  isCentre: row.isCentre,
  isServiceProvider: row.isServiceProvider,
  hasLogo: row.logoKey !== null,
  version: row.version,
});
