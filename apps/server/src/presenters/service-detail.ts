import {
  availableTransitions,
  canSeeChangeRequests,
  FIELDS_BY_KEY,
  isProviderSide,
  SERVICE_TYPES,
  servicePermissions,
  type Principal,
  type ServiceDetail,
  type ServiceType,
  type UserRef,
} from '@nubes/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { keywords, serviceKeywords, serviceRoleChanges } from '../db/schema.js';
import type { ServiceRow, ServiceSnapshot } from '../model/service.js';
import { serviceRelation } from '../policies/service-policy.js';
import { loadInstitutionRefs, loadUserRefs } from '../queries/refs.js';
import { loadLogoPath } from '../queries/institutions.js';
import { loadLockingChangeRequest } from '../queries/change-requests.js';
import { statusNoticeOf } from './status-notice.js';

const uniq = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** A service's keywords, by name. */
const loadServiceKeywords = (db: Db | Tx, serviceId: string) =>
  db
    .select({ id: keywords.id, name: keywords.name })
    .from(serviceKeywords)
    .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
    .where(eq(serviceKeywords.serviceId, serviceId))
    .orderBy(asc(sql`lower(${keywords.name})`), asc(keywords.id));

/** The ids a service's contact and institution fields name, for the refs of the answer. */
const fieldRefIds = (fields: ServiceRow['fields']) => {
  const userIds: string[] = [];
  const institutionIds: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const type = FIELDS_BY_KEY.get(key)?.type;
    if (typeof value !== 'string') continue;
    if (type === 'contact') userIds.push(value);
    else if (type === 'institution') institutionIds.push(value);
  }
  return { userIds, institutionIds };
};

/** A stored state as the answers type it; the table's check keeps it one of the workflow's. */
/**
 * The names behind the ids that contact and institution field values hold (and any further
 * users'), for the `refs` an answer carries beside them.
 */
export const loadFieldRefs = async (
  db: Db | Tx,
  values: readonly ServiceRow['fields'][],
  moreUserIds: readonly string[] = [],
) => {
  const ids = values.map(fieldRefIds);
  return {
    users: await loadUserRefs(db, [...ids.flatMap((r) => r.userIds), ...moreUserIds]),
    institutions: await loadInstitutionRefs(
      db,
      ids.flatMap((r) => r.institutionIds),
    ),
  };
};

export const asServiceType = (value: string): ServiceType =>
  (SERVICE_TYPES as readonly string[]).includes(value) ? (value as ServiceType) : 'uncategorised';

/**
 * The whole service as its detail view needs it: roles with names, pending role change requests,
 * what the caller may do (the domain's own functions, so the web hides what the server refuses)
 * and the names behind the ids in contact and institution fields.
 */
export const presentServiceDetail = async (
  db: Db | Tx,
  { row, adminIds }: ServiceSnapshot,
  principal: Principal,
): Promise<ServiceDetail> => {
  const relation = serviceRelation(principal, row, adminIds);

  const keywordRows = await loadServiceKeywords(db, row.id);
  const roleChangeRows = await db
    .select()
    .from(serviceRoleChanges)
    .where(and(eq(serviceRoleChanges.serviceId, row.id), eq(serviceRoleChanges.state, 'pending')))
    .orderBy(asc(serviceRoleChanges.createdAt), asc(serviceRoleChanges.id));

  const refs = fieldRefIds(row.fields);
  const roleHolders = [row.objectOwnerId, row.serviceOwnerId, row.serviceManagerId, row.providerManagerId].filter(
    (id): id is string => id !== null,
  );
  const people = await loadUserRefs(db, [
    ...roleHolders,
    ...adminIds,
    ...refs.userIds,
    ...roleChangeRows.flatMap((c) => (c.requestedById ? [c.userId, c.requestedById] : [c.userId])),
  ]);
  const places = await loadInstitutionRefs(
    db,
    row.providerInstitutionId ? [row.providerInstitutionId, ...refs.institutionIds] : refs.institutionIds,
  );
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);

  const context = { roles: principal.roles, isProviderSide: isProviderSide(relation) };
  return {
    id: row.id,
    serviceId: row.serviceId,
    name: row.name,
    state: row.state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    providerInstitution: row.providerInstitutionId ? (places.get(row.providerInstitutionId) ?? null) : null,
    providerLogo: await loadLogoPath(db, row.providerInstitutionId),
    fields: row.fields as ServiceDetail['fields'],
    keywords: keywordRows,
    weighting: row.weighting,
    score: row.weightedScore,
    serviceType: asServiceType(row.serviceType),
    documentsActive: row.documentsActive,
    onlineSince: row.onlineSince?.toISOString() ?? null,
    onlineUntil: row.onlineUntil?.toISOString() ?? null,
    statusNotice: statusNoticeOf(row),
    lock: await loadLockingChangeRequest(db, row.id),
    roles: {
      objectOwner: person(row.objectOwnerId),
      serviceOwner: person(row.serviceOwnerId),
      serviceManager: person(row.serviceManagerId),
      providerManager: person(row.providerManagerId),
      admins: adminIds
        .map((id) => people.get(id))
        .filter((ref): ref is UserRef => ref !== undefined)
        .sort((a, b) => a.fullname.localeCompare(b.fullname) || a.username.localeCompare(b.username)),
    },
    roleChanges: roleChangeRows.flatMap((change) => {
      const user = people.get(change.userId);
      if (!user) return [];
      return [
        {
          id: change.id,
          role: change.role as 'serviceOwner' | 'serviceManager',
          user,
          requestedBy: person(change.requestedById),
          reason: change.reason,
          state: change.state as 'pending',
          createdAt: change.createdAt.toISOString(),
        },
      ];
    }),
    permissions: { ...servicePermissions(relation), changeRequests: canSeeChangeRequests(relation) },
    actions: uniq(availableTransitions(row.state, context).map((rule) => rule.action)),
    refs: {
      users: Object.fromEntries(refs.userIds.flatMap((id) => (people.has(id) ? [[id, people.get(id)!]] : []))),
      institutions: Object.fromEntries(
        refs.institutionIds.flatMap((id) => (places.has(id) ? [[id, places.get(id)!]] : [])),
      ),
    },
  };
};
