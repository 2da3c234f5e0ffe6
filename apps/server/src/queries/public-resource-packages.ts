import { CATALOGUE_STATES, type LocalizedText, type PublicResourcePackageQuery } from '@nubes/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, resourcePackages, resourceTypes, services } from '../db/schema.js';

/** A row of the public read: an approved package with its service, provider and type. */
export interface PublicResourcePackageRow {
  id: string;
  name: string;
  serviceId: string;
  serviceName: string;
  provider: string;
  typeKey: string;
  typeName: LocalizedText;
  quotaUnit: LocalizedText;
  quota: number;
  policyNames: string[];
  policy: Record<string, unknown>;
  approvedAt: Date | null;
}

/**
 * One page of the approved packages of services in the catalogue (online, not available, at full
 * capacity), filtered by the service's human ID and the type's key, by service name then package
 * name. Drafts, submissions, rejections and packages of services outside the catalogue never show.
 */
export const loadPublicResourcePackages = async (
  db: Db,
  query: PublicResourcePackageQuery,
): Promise<{ rows: PublicResourcePackageRow[]; total: number }> => {
  const conditions: SQL[] = [eq(resourcePackages.state, 'approved'), inArray(services.state, [...CATALOGUE_STATES])];
  if (query.service) conditions.push(eq(services.serviceId, query.service));
  if (query.type) conditions.push(eq(resourceTypes.key, query.type));
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;

  const [counted] = await db
    .select({ n: count() })
    .from(resourcePackages)
    .innerJoin(services, eq(services.id, resourcePackages.serviceId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
    .where(where);
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { rows: [], total };

  const rows = await db
    .select({
      id: resourcePackages.id,
      name: resourcePackages.name,
      serviceId: services.serviceId,
      serviceName: services.name,
      provider: sql<string>`coalesce(${institutions.name}, '')`,
      typeKey: resourceTypes.key,
      typeName: resourceTypes.name,
      quotaUnit: resourceTypes.quotaUnit,
      quota: resourcePackages.quota,
      policyNames: resourcePackages.policyNames,
      policy: resourcePackages.policy,
      approvedAt: resourcePackages.decidedAt,
    })
    .from(resourcePackages)
    .innerJoin(services, eq(services.id, resourcePackages.serviceId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(where)
    .orderBy(
      direction(sql`lower(${services.name})`),
      direction(services.serviceId),
      direction(sql`lower(${resourcePackages.name})`),
      direction(resourcePackages.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total };
};
