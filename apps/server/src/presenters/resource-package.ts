import {
  canChangeResourcePackage,
  resourcePackageActions,
  type ResourcePackage,
  type ResourcePackageReviewRow,
} from '@nubes/domain';
import type { Db, Tx } from '../db/client.js';
import type { ResourcePackageSnapshot, ResourceTypeRow, ReviewPageRow } from '../model/resource-package.js';
import type { LoadedService, ServiceRow } from '../model/service.js';
import { loadInstitutionRefs, loadUserRefs } from '../queries/refs.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The service as a package names it. */
export const packageServiceRef = (row: Pick<ServiceRow, 'id' | 'serviceId' | 'name' | 'state'>) => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: row.state,
});

/** The type as a package names it. */
export const packageTypeRef = (type: Pick<ResourceTypeRow, 'id' | 'key' | 'name' | 'quotaUnit' | 'retired'>) => ({
  id: type.id,
  key: type.key,
  name: type.name,
  quotaUnit: type.quotaUnit,
  retired: type.retired,
});

/**
 * A service's packages as the caller sees them: with the people behind them, the review steps the
 * caller may take now and whether they may change the package.
 */
export const presentResourcePackages = async (
  db: Db | Tx,
  packages: readonly ResourcePackageSnapshot[],
  service: LoadedService,
): Promise<ResourcePackage[]> => {
  const userIds = packages.flatMap(({ row }) =>
    [row.updatedById, row.submittedById, row.decidedById].filter((id): id is string => id !== null),
  );
  const users = await loadUserRefs(db, userIds);
  const providerId = service.row.providerInstitutionId;
  const provider = providerId ? ((await loadInstitutionRefs(db, [providerId])).get(providerId) ?? null) : null;
  const user = (id: string | null) => (id ? (users.get(id) ?? null) : null);
  return packages.map(({ row, type }) => ({
    id: row.id,
    service: packageServiceRef(service.row),
    provider,
    name: row.name,
    type: packageTypeRef(type),
    quota: row.quota,
    policyNames: row.policyNames,
    policy: row.policy,
    state: row.state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: user(row.updatedById),
    submittedAt: iso(row.submittedAt),
    submittedBy: user(row.submittedById),
    decidedAt: iso(row.decidedAt),
    decidedBy: user(row.decidedById),
    reviewComment: row.reviewComment,
    actions: resourcePackageActions(service.relation, row.state),
    canEdit: canChangeResourcePackage(service.relation, row.state),
  }));
};

/**
 * A row of the Review List: the steps the caller may take come from their relation to the package's
 * service, which the page's query worked out (a reviewer who is also one of its admins may withdraw
 * as well).
 */
export const presentReviewRow = (row: ReviewPageRow): ResourcePackageReviewRow => ({
  id: row.id,
  name: row.name,
  service: { id: row.service.id, serviceId: row.service.serviceId, name: row.service.name },
  provider: row.provider,
  type: { name: row.type.name, quotaUnit: row.type.quotaUnit },
  quota: row.quota,
  state: row.state,
  version: row.version,
  submittedAt: iso(row.submittedAt),
  submittedBy: row.submittedBy,
  actions: resourcePackageActions(row.relation, row.state),
});
