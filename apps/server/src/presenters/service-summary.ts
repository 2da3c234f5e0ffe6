import type { ServiceSummary } from '@nubes/domain';
import type { ServiceListRow } from '../read-models/service-list-snapshot.js';
import { asServiceType } from './service-detail.js';

/** The provider a list row names, when its institution is known. */
export const providerOfRow = (row: ServiceListRow): ServiceSummary['providerInstitution'] =>
  row.providerId && row.providerAbbreviation !== null && row.providerName !== null
    ? { id: row.providerId, abbreviation: row.providerAbbreviation, name: row.providerName }
    : null;

const summaries = new WeakMap<ServiceListRow, ServiceSummary>();

/**
 * A row of the portfolio lists; shaped once per row of the snapshot, which is never changed (a
 * changed service gets a new row). Two `toISOString` calls per row were a tenth of a list page's CPU.
 */
export const presentServiceSummary = (row: ServiceListRow): ServiceSummary => {
  const known = summaries.get(row);
  if (known) return known;
  const summary: ServiceSummary = {
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
  };
  summaries.set(row, summary);
  return summary;
};
