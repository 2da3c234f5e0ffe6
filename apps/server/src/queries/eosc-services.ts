import { and, asc, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { isPublicService, selectPublicServices, type PublicServiceRow } from './public-service.js';

export interface EoscServicePage {
  rows: PublicServiceRow[];
  /** The last service ID of this page when more follow: the next page starts after it. */
  nextCursor: string | null;
}

/**
 * A page of the services on the public portfolio for the EOSC export, in service ID order after
 * the cursor: one statement (the keyset walks the service ID's unique index, ADR 0074).
 */
export const listEoscServices = async (
  db: Db,
  { after, limit }: { after: string | undefined; limit: number },
): Promise<EoscServicePage> => {
  const rows = await selectPublicServices(db)
    .where(and(isPublicService, after === undefined ? undefined : gt(services.serviceId, after)))
    .orderBy(asc(services.serviceId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? (page.at(-1)?.serviceId ?? null) : null };
};
