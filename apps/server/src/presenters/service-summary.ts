import type { ServiceSummary } from '@nubes/domain';
import type { ServiceProviderColumns, ServiceSummaryRow } from '../model/service-list.js';
import { asServiceType } from './service-detail.js';

/** The provider a list row names, when its institution is known. */
export const providerOfRow = (row: ServiceProviderColumns): ServiceSummary['providerInstitution'] =>
  row.providerId && row.providerAbbreviation !== null && row.providerName !== null
    ? { id: row.providerId, abbreviation: row.providerAbbreviation, name: row.providerName }
    : null;

/** A row of the portfolio lists. */
export const presentServiceSummary = (row: ServiceSummaryRow): ServiceSummary => ({
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
});
