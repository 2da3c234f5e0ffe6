import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import type { ServiceListRow } from './service-list-snapshot.js';

export interface FieldPresence {
  /**
   * The rows (from the current list snapshot) whose service holds a value in the field. Answered
   * from memory; only services whose version differs from the one last seen are read again.
   */
  filled(key: string, rows: readonly ServiceListRow[]): Promise<ServiceListRow[]>;
}

/** Fields remembered at once: each costs a number per service (some 400 KB for 10,000 services). */
const MAX_FIELDS = 8;

/**
 * Which services hold a value in a field (ADR 30), per field. The values live in the services'
 * JSONB column, which a list never reads (ADR 10): asking the database for every request would
 * unpack every service's fields. So the first request for a field reads, for every service, its
 * version and whether the field is set; later requests read again only services whose version in
 * the list snapshot differs from the one remembered, so the snapshot's freshness (local changes at
 * once, other instances within a second) is this cache's too. Remembered: +version when set,
 * -version when not.
 */
export const createFieldPresence = (db: Db): FieldPresence => {
  const byField = new Map<string, Map<string, number>>();

  const read = async (key: string, ids: readonly string[] | null, into: Map<string, number>) => {
    const rows = await db
      .select({
        id: services.id,
        version: services.version,
        set: sql<boolean>`jsonb_exists(${services.fields}, ${key})`,
      })
      .from(services)
      .where(ids ? inArray(services.id, [...ids]) : undefined);
    for (const row of rows) into.set(row.id, row.set ? row.version : -row.version);
  };

  return {
    async filled(key, rows) {
      let known = byField.get(key);
      if (known) byField.delete(key);
      else {
        known = new Map();
        await read(key, null, known);
      }
      // Most recently used last: the first key is the one to forget.
      byField.set(key, known);
      if (byField.size > MAX_FIELDS) byField.delete(byField.keys().next().value!);
      const stale = rows.filter((row) => Math.abs(known.get(row.id) ?? 0) !== row.version).map((row) => row.id);
      if (stale.length > 0) await read(key, stale, known);
      return rows.filter((row) => (known.get(row.id) ?? 0) > 0);
    },
  };
};
