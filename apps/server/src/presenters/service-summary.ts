import type { ServiceSummary } from '@nubes/domain';
import type { ServiceListRow } from '../read-models/service-list-snapshot.js';
import { oncePerRow } from './once-per-row.js';
import { asServiceType } from './service-detail.js';

/** The provider a list row names, when its institution is known. */
export const providerOfRow = (row: ServiceListRow): ServiceSummary['providerInstitution'] =>
  row.providerId && row.providerAbbreviation !== null && row.providerName !== null
    ? { id: row.providerId, abbreviation: row.providerAbbreviation, name: row.providerName }
    : null;

/** A row of the portfolio lists (its two `toISOString` calls were a tenth of a list page's CPU). */
export const presentServiceSummary = oncePerRow((row: ServiceListRow): ServiceSummary => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: row.state,
  providerInstitution: providerOfRow(row),
  shortDescription: row.shortDescription,
  serviceType: asServiceType(row.serviceType),
  score: row.weightedScore,
  keywords: row.keywords,
  updatedAt: row.updatedAt.toISOString(),
  onlineSince: row.onlineSince?.toISOString() ?? null,
}));
