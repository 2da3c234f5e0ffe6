import type { ResourcePackageState } from '@nubes/domain';
import { asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, resourcePackages, resourceTypes, serviceAdmins, services, users } from '../db/schema.js';
import type { ResourcePackageSnapshot, ReviewListRow } from '../model/resource-package.js';

/** A service's packages with their types, oldest first (the order they were added in). */
export const loadServiceResourcePackages = async (db: Db, serviceId: string): Promise<ResourcePackageSnapshot[]> =>
  (
    await db
      .select({ row: resourcePackages, type: resourceTypes })
      .from(resourcePackages)
      .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
      .where(eq(resourcePackages.serviceId, serviceId))
      .orderBy(asc(resourcePackages.createdAt), asc(resourcePackages.id))
  ).map(({ row, type }) => ({ row, type }));

/**
 * Every package past its draft as a row of the Review List, waiting ones first (oldest submission
 * first), then the rest by latest change: what the list's in-memory copy is built from
 * (read-models/resource-package-review-list.ts), in the order of its default sort.
 */
export const loadReviewListRows = async (db: Db): Promise<ReviewListRow[]> => {
  const rows = await db
    .select({
      id: resourcePackages.id,
      name: resourcePackages.name,
      quota: resourcePackages.quota,
      state: sql<ResourcePackageState>`${resourcePackages.state}`,
      version: resourcePackages.version,
      submittedAt: resourcePackages.submittedAt,
      updatedAt: resourcePackages.updatedAt,
      service: {
        id: services.id,
        serviceId: services.serviceId,
        name: services.name,
        state: services.state,
        objectOwnerId: services.objectOwnerId,
        serviceOwnerId: services.serviceOwnerId,
        serviceManagerId: services.serviceManagerId,
        providerManagerId: services.providerManagerId,
      },
      adminIds: sql<
        string[]
      >`coalesce((select array_agg(${serviceAdmins.userId}::text) from ${serviceAdmins} where ${serviceAdmins.serviceId} = ${services.id}), '{}')`,
      provider: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
      type: {
        id: resourceTypes.id,
        key: resourceTypes.key,
        name: resourceTypes.name,
        quotaUnit: resourceTypes.quotaUnit,
        retired: resourceTypes.retired,
      },
      submittedBy: { id: users.id, username: users.username, fullname: users.fullname, email: users.email },
      // Lower-cased once here, so a search or a sort by name costs no case folding per request.
      searchText: sql<string>`lower(${resourcePackages.name} || ' ' || ${services.name} || ' ' || ${services.serviceId} || ' ' || coalesce(${institutions.abbreviation}, '') || ' ' || coalesce(${institutions.name}, '') || ' ' || coalesce(${users.fullname}, '') || ' ' || coalesce(${users.username}, ''))`,
      nameKey: sql<string>`lower(${resourcePackages.name})`,
      serviceKey: sql<string>`lower(${services.name})`,
    })
    .from(resourcePackages)
    .innerJoin(services, eq(services.id, resourcePackages.serviceId))
    .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .leftJoin(users, eq(users.id, resourcePackages.submittedById))
    .where(ne(resourcePackages.state, 'draft'))
    .orderBy(
      desc(sql`(${resourcePackages.state} = 'submitted')`),
      asc(sql`(CASE WHEN ${resourcePackages.state} = 'submitted' THEN ${resourcePackages.submittedAt} END)`),
      desc(resourcePackages.updatedAt),
      asc(resourcePackages.id),
    );
  // A left join without a match answers an object of nulls: no provider, no submitter.
  return rows.map((row) => ({
    ...row,
    provider: row.provider?.id ? row.provider : null,
    submittedBy: row.submittedBy?.id ? row.submittedBy : null,
  })) as ReviewListRow[];
};

/**
 * A value that changes whenever a package, or a type's name, changes, whichever instance changed
 * it (services are watched by serviceDataFingerprint): every write raises a row's version, and
 * count and latest edit catch inserts and deletes.
 */
export const resourcePackageFingerprint = async (db: Db): Promise<string> => {
  const result = await db.execute(sql`
    select (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${resourcePackages})
      || '|' ||
      (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${resourceTypes})
      as fingerprint`);
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};
