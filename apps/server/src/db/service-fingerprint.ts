import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { institutions, keywords, services, weightingCriteria } from './schema.js';

/**
 * A value that changes whenever anything a service list or the public portfolio shows changes,
 * whichever server instance made the change: every service write raises the row's version (count
 * and latest edit catch inserts and deletes), institutions likewise for provider names, and the
 * keyword count for new keywords, and the weighting criteria's versions (a change there rescores
 * every service without a new service version). Services are read from the index on (updated_at, version) only.
 */
export const serviceDataFingerprint = async (db: Db): Promise<string> => {
  const result = await db.execute(sql`
    select (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${services})
      || '|' ||
      (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${institutions})
      || '|' || (select count(*) from ${keywords})
      || '|' || (select coalesce(sum(version), 0) from ${weightingCriteria})
      as fingerprint`);
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};
