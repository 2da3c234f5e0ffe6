import {
  canChangeResourcePackage,
  isServiceState,
  resourcePackageActions,
  type Principal,
  type ResourcePackage,
  type ResourcePackageAction,
  type ResourcePackageReviewRow,
  type ServiceState,
} from '@nubes/domain';
import type { Db, Tx } from '../db/client.js';
import type { ResourcePackageSnapshot, ResourceTypeRow, ReviewListRow } from '../model/resource-package.js';
import type { LoadedService, ServiceRow } from '../model/service.js';
import { serviceRelation } from '../policies/service-policy.js';
import { loadInstitutionRefs, loadUserRefs } from '../queries/refs.js';
import { oncePerRowAndKey } from './once-per-row.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const serviceState = (state: string): ServiceState => {
  if (!isServiceState(state)) throw new Error(`unknown state ${state}`);
  return state;
};

/** The service as a package names it. */
export const packageServiceRef = (row: Pick<ServiceRow, 'id' | 'serviceId' | 'name' | 'state'>) => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: serviceState(row.state),
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
 * The Review List's rows: the steps the caller may take come from their relation to each package's
 * service (a reviewer who is also one of its admins may withdraw as well). A row is made once per
 * package and list of steps, and shared by every caller who may take those steps, so its dates
 * are formatted and its JSON written once (docs/adr/0069-list-rows-serialized-once.md).
 */
export const presentReviewRow = (principal: Principal, row: ReviewListRow): ResourcePackageReviewRow =>
  reviewRow(row, resourcePackageActions(serviceRelation(principal, row.service, row.adminIds), row.state).join(' '));

const reviewRow = oncePerRowAndKey((row: ReviewListRow, actions: string): ResourcePackageReviewRow => ({
  id: row.id,
  name: row.name,
  service: packageServiceRef(row.service),
  provider: row.provider,
  type: packageTypeRef(row.type),
  quota: row.quota,
  state: row.state,
  version: row.version,
  submittedAt: iso(row.submittedAt),
  submittedBy: row.submittedBy,
  updatedAt: row.updatedAt.toISOString(),
  actions: actions === '' ? [] : (actions.split(' ') as ResourcePackageAction[]),
}));
