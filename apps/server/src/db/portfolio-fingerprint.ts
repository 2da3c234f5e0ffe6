import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { downtimes, institutions, services } from './schema.js';

/**
 * A value that changes whenever what the public portfolio reads changes (presenters/public-portfolio.ts:
 * services, their providers' institutions and their downtimes), whichever instance made the change: every write
 * raises a row's version and sets its change time, and the count catches deletions. The public
 * portfolio's cache asks it only while no notices arrive (docs/adr/0076-caches-kept-in-step-by-notify.md);
 * services are read from services_updated_version_idx alone (db/schema.ts).
 */
export const publicPortfolioFingerprint = async (db: Db): Promise<string> => {
  const result = await db.execute(sql`
    select
      (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${services})
      || '|' ||
      (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${institutions})
      || '|' ||
      (select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') from ${downtimes})
      as fingerprint`);
  return (result as unknown as { rows: { fingerprint: string }[] }).rows[0]!.fingerprint;
};
