import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, keywords, serviceKeywords, services } from '../db/schema.js';
import { PUBLIC_STATES, type PublicServiceRow } from './public-service.js';

export interface EoscServicePage {
  rows: PublicServiceRow[];
  /** The last service ID of this page when more follow: the next page starts after it. */
  nextCursor: string | null;
}

/**
 * A page of the services on the public portfolio for the EOSC export, in service ID order after
 * the cursor: one statement (the keyset walks the service ID's unique index, ADR 0074), the
 * keyword names gathered per row.
 */
export const listEoscServices = async (
  db: Db,
  { after, limit }: { after: string | undefined; limit: number },
): Promise<EoscServicePage> => {
  const rows = await db
    .select({
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      fields: services.fields,
      onlineSince: services.onlineSince,
      onlineUntil: services.onlineUntil,
      statusReason: services.statusReason,
      statusExpectedEnd: services.statusExpectedEnd,
      provider: {
        id: institutions.id,
        name: institutions.name,
        version: institutions.version,
        hasLogo: sql<boolean>`${institutions.logoKey} is not null`,
      },
      keywords: sql<string[]>`array(${db
        .select({ name: keywords.name })
        .from(serviceKeywords)
        .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
        .where(eq(serviceKeywords.serviceId, services.id))
        .orderBy(asc(sql`lower(${keywords.name})`))})`,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(
      and(inArray(services.state, [...PUBLIC_STATES]), after === undefined ? undefined : gt(services.serviceId, after)),
    )
    .orderBy(asc(services.serviceId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? (page.at(-1)?.serviceId ?? null) : null };
};
