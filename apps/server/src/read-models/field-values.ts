import type { FieldValue } from '@nubes/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { RecentlyUsed } from './recently-used.js';
import type { ServiceListRow } from './service-list-snapshot.js';

export interface FieldValuesOfRows {
  /** The rows whose service holds a value in the field, in the order given. */
  rows: ServiceListRow[];
  /** A row's value, long texts cut to PREVIEW_LENGTH (the CSV export reads them whole). */
  preview: (row: ServiceListRow) => FieldValue;
}

export interface FieldValueCache {
  /**
   * The rows (from the current list snapshot) whose service holds a value in the field, with the
   * value. Answered from memory; only services whose version differs from the one remembered are
   * read again.
   */
  of(key: string, rows: readonly ServiceListRow[]): Promise<FieldValuesOfRows>;
}

/** Fields remembered at once: each costs a version and a short value per service. */
const MAX_FIELDS = 6;
/** Characters of a text kept for the list (it shows three lines of a cell). */
export const PREVIEW_LENGTH = 200;

interface Remembered {
  version: number;
  value: FieldValue;
}

const previewOf = (value: FieldValue): FieldValue =>
  typeof value === 'string' && value.length > PREVIEW_LENGTH ? `${value.slice(0, PREVIEW_LENGTH)}…` : value;

/**
 * One field's values across the services (ADR 30). They live in the services' JSONB column,
 * which the lists never read (ADR 10): asking the database on every request would unpack every
 * service's fields. So the first request for a field reads every service's version and value
 * once; later requests read again only services whose version in the list snapshot differs from
 * the one remembered, so the snapshot's freshness (local changes at once, other instances within
 * a second) is this cache's too. The least recently used field is forgotten first.
 */
export const createFieldValueCache = (db: Db): FieldValueCache => {
  const byField = new RecentlyUsed<string, Map<string, Remembered>>(MAX_FIELDS);

  const read = async (key: string, ids: readonly string[] | null, into: Map<string, Remembered>) => {
    const rows = await db
      .select({ id: services.id, version: services.version, value: sql<FieldValue>`${services.fields} -> ${key}` })
      .from(services)
      .where(ids ? inArray(services.id, [...ids]) : undefined);
    for (const row of rows) into.set(row.id, { version: row.version, value: previewOf(row.value ?? null) });
  };

  return {
    async of(key, rows) {
      let known = byField.get(key);
      if (!known) {
        known = new Map();
        await read(key, null, known);
        byField.set(key, known);
      }
      const stale = rows.filter((row) => known.get(row.id)?.version !== row.version).map((row) => row.id);
      if (stale.length > 0) await read(key, stale, known);
      return {
        rows: rows.filter((row) => (known.get(row.id)?.value ?? null) !== null),
        preview: (row) => known.get(row.id)?.value ?? null,
      };
    },
  };
};
