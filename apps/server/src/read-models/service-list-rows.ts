import { isServiceState } from '@nubes/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { institutions, keywords, serviceAdmins, serviceKeywords, services } from '../db/schema.js';
import type { ServiceListRow } from './service-list-snapshot.js';

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

/**
 * The list columns of every service, or of the services with these ids, in three flat queries
 * (services with their provider, admins, keywords) joined here: on PGlite that reads 10,000
 * services in about a third of a second, correlated subqueries take several times as long. Run it
 * in one read-only repeatable-read transaction, so the three agree. A look at other instances'
 * changes reads a few services without one, to save its round trips: the admins and keywords side
 * by side, after the services (read-models/service-list-index.ts).
 */
export const loadServiceListRows = async (tx: Db | Tx, ids?: readonly string[]): Promise<ServiceListRow[]> => {
  if (ids && ids.length === 0) return [];
  const serviceRows = await tx
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      providerId: institutions.id,
      providerAbbreviation: institutions.abbreviation,
      providerName: institutions.name,
      shortDescription: sql<string>`${services.shortDescription}`,
      serviceType: services.serviceType,
      weightedScore: services.weightedScore,
      updatedAt: services.updatedAt,
      version: services.version,
      onlineSince: services.onlineSince,
      objectOwnerId: services.objectOwnerId,
      serviceOwnerId: services.serviceOwnerId,
      serviceManagerId: services.serviceManagerId,
      providerManagerId: services.providerManagerId,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(ids ? inArray(services.id, [...ids]) : undefined);
  // After the services, never beside them: outside a transaction a row's admins and keywords may
  // then be newer than its version, which the next look finds, but never older.
  const [adminRows, keywordRows] = await Promise.all([
    tx
      .select({ serviceId: serviceAdmins.serviceId, userId: serviceAdmins.userId })
      .from(serviceAdmins)
      .where(ids ? inArray(serviceAdmins.serviceId, [...ids]) : undefined),
    tx
      .select({ serviceId: serviceKeywords.serviceId, id: keywords.id, name: keywords.name })
      .from(serviceKeywords)
      .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
      .where(ids ? inArray(serviceKeywords.serviceId, [...ids]) : undefined),
  ]);
  const admins = groupBy(adminRows, (a) => a.serviceId);
  const keywordsOf = groupBy(keywordRows, (k) => k.serviceId);
  return serviceRows.map((row) => {
    // The CHECK constraint keeps unknown states out of the table.
    if (!isServiceState(row.state)) throw new Error(`unknown state ${row.state}`);
    const named = (keywordsOf.get(row.id) ?? []).sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    // A literal of one fixed shape: rows are read in every list query, and fast property access
    // needs the shape the spread of a driver row does not give.
    return {
      id: row.id,
      serviceId: row.serviceId,
      name: row.name,
      state: row.state,
      providerId: row.providerId,
      providerAbbreviation: row.providerAbbreviation,
      providerName: row.providerName,
      shortDescription: row.shortDescription ?? '',
      serviceType: row.serviceType,
      weightedScore: row.weightedScore,
      keywords: named.map((k) => k.name),
      keywordIds: named.map((k) => k.id),
      updatedAt: row.updatedAt,
      version: row.version,
      onlineSince: row.onlineSince,
      objectOwnerId: row.objectOwnerId,
      serviceOwnerId: row.serviceOwnerId,
      serviceManagerId: row.serviceManagerId,
      providerManagerId: row.providerManagerId,
      adminIds: (admins.get(row.id) ?? []).map((a) => a.userId),
    };
  });
};
