import { sql } from 'drizzle-orm';
import { lookAt, totalSums, versionsInBuckets } from './bucket-sums.js';
import type { Db } from './client.js';
import { institutions, keywords, services, weightingCriteria } from './schema.js';

/** What the lists show besides the services themselves: the fingerprint's part after the services'. */
const besidesServices = sql`
  (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${institutions})
    || '|' || (select count(*) from ${keywords})
    || '|' || (select coalesce(sum(version), 0) from ${weightingCriteria})`;

/**
 * A value that changes whenever anything a service list or the public portfolio shows changes,
 * whichever server instance made the change: every service write raises the row's version, which
 * the services' kept sums show (bucket-sums.ts; their count and ids' sum catch inserts and
 * deletes), institutions likewise for provider names, and the keyword count for new keywords, and
 * the weighting criteria's versions (a change there rescores every service without a new service
 * version).
 */
export const serviceDataFingerprint = async (db: Db): Promise<string> => {
  const result = await db.execute(sql`
    select ${totalSums('services')} || '|' || ${besidesServices} as fingerprint`);
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};

/**
 * One look at other instances' changes of what the service lists show: serviceDataFingerprint's
 * value, its part besides the services (when only the services' part changed, another instance's
 * changes can be read service by service) and, when the fingerprint is not `held`, the services'
 * sums per bucket (bucket-sums.ts, lookAt).
 */
export const lookAtServices = (db: Db, held: string | null) => lookAt(db, 'services', besidesServices, held);

export const serviceVersionsIn = (db: Db, buckets: readonly string[]) =>
  versionsInBuckets(db, { table: services, id: services.id, version: services.version }, buckets);
