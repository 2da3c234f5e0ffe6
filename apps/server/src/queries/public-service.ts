import { CATALOGUE_STATES, OFFBOARDING_STATES, type FieldValues, type ServiceState } from '@nubes/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, keywords, serviceKeywords, services } from '../db/schema.js';

/** The states the public portfolio lists: only these services have a public page. */
const PUBLIC_STATES: readonly ServiceState[] = [...CATALOGUE_STATES, ...OFFBOARDING_STATES];

export interface PublicServiceRow {
  serviceId: string;
  name: string;
  state: ServiceState;
  fields: FieldValues;
  onlineSince: Date | null;
  onlineUntil: Date | null;
  provider: { id: string; name: string; version: number; hasLogo: boolean } | null;
  keywords: string[];
}

/** A service on the public portfolio by its service ID; null when there is none or it is not public. */
export const loadPublicService = async (db: Db, serviceId: string): Promise<PublicServiceRow | null> => {
  const [row] = await db
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      fields: services.fields,
      onlineSince: services.onlineSince,
      onlineUntil: services.onlineUntil,
      providerId: institutions.id,
      providerName: institutions.name,
      providerVersion: institutions.version,
      providerHasLogo: sql<boolean>`${institutions.logoKey} is not null`,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(and(eq(services.serviceId, serviceId), inArray(services.state, [...PUBLIC_STATES])));
  if (!row) return null;
  const names = await db
    .select({ name: keywords.name })
    .from(serviceKeywords)
    .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
    .where(eq(serviceKeywords.serviceId, row.id))
    .orderBy(asc(sql`lower(${keywords.name})`));
  return {
    serviceId: row.serviceId,
    name: row.name,
    state: row.state,
    fields: row.fields,
    onlineSince: row.onlineSince,
    onlineUntil: row.onlineUntil,
    provider:
      row.providerId && row.providerName !== null && row.providerVersion !== null
        ? { id: row.providerId, name: row.providerName, version: row.providerVersion, hasLogo: row.providerHasLogo }
        : null,
    keywords: names.map((keyword) => keyword.name),
  };
};
