import type { ServiceSummary } from '@nubes/domain';
import type { ServiceProviderColumns, ServiceSummaryRow } from '../model/service-list.js';
import { institutionRefOf } from './institution.js';
import { asServiceType } from './service-detail.js';

/** The provider a list row names, when its institution is known. */
export const providerOfRow = (row: ServiceProviderColumns): ServiceSummary['providerInstitution'] =>
  institutionRefOf(row.providerId, row.providerAbbreviation, row.providerName);

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
