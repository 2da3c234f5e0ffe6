import type { ServiceSummary } from '@nubes/domain';
import type { ServiceListRow } from '../read-models/service-list-snapshot.js';
import { asServiceType } from './service-detail.js';

export const presentServiceSummary = (row: ServiceListRow): ServiceSummary => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: row.state,
  providerInstitution:
    row.providerId && row.providerAbbreviation !== null && row.providerName !== null
      ? { id: row.providerId, abbreviation: row.providerAbbreviation, name: row.providerName }
      : null,
  shortDescription: row.shortDescription,
  serviceType: asServiceType(row.serviceType),
  score: row.weightedScore,
  keywords: row.keywords,
  updatedAt: row.updatedAt.toISOString(),
  onlineSince: row.onlineSince?.toISOString() ?? null,
});
