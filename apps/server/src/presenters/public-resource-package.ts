import type { PublicResourcePackageList, PublicResourcePackageQuery } from '@nubes/domain';
import type { PublicResourcePackageRow } from '../queries/public-resource-packages.js';

/** A page of the public read: only what anybody may know of an approved package. */
export const presentPublicResourcePackages = (
  rows: readonly PublicResourcePackageRow[],
  total: number,
  query: PublicResourcePackageQuery,
): PublicResourcePackageList => ({
  items: rows.map((row) => ({
    id: row.id,
    name: row.name,
    service: { serviceId: row.serviceId, name: row.serviceName },
    provider: row.provider,
    type: { key: row.typeKey, name: row.typeName, quotaUnit: row.quotaUnit },
    quota: row.quota,
    policyNames: row.policyNames,
    policy: row.policy,
    // Approved packages always have a decision time (a CHECK on the table).
    approvedAt: (row.approvedAt ?? new Date(0)).toISOString(),
  })),
  total,
  page: query.page,
  pageSize: query.pageSize,
});
