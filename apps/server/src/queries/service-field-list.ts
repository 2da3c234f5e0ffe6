import {
  can,
  canEditService,
  isClearableField,
  SERVICE_STATES,
  type FieldListSort,
  type FieldValue,
} from '@nubes/domain';
import { inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { serviceRelation } from '../policies/service-policy.js';
import type { FieldValueCache } from '../read-models/field-values.js';
import type { ServiceListIndex } from '../read-models/service-list-index.js';
import type { ServiceListRow, SortOrder } from '../read-models/service-list-snapshot.js';

/** What the field list reads: the list snapshot and the field values of its services. */
export interface FieldListSources {
  serviceIndex: ServiceListIndex;
  fieldValues: FieldValueCache;
}

export interface FieldListed {
  /** The services the caller may see that hold a value and match the search, in the list's order. */
  rows: ServiceListRow[];
  /** Whether the caller may clear the field on this row's service. */
  clearable: (row: ServiceListRow) => boolean;
  /** The row's value for the list (long texts cut short). */
  preview: (row: ServiceListRow) => FieldValue;
}

/**
 * The services listed for a field (ADR 30): the portfolio's search and visibility (canSeeService,
 * so drafts only for whom may see them) from the list snapshot, narrowed to those holding a value.
 * Clearable: the caller holds service.clearField, the field is optional throughout, and the
 * service is one the caller may edit directly (the portfolio manager: every state but retired).
 */
export const listFieldServices = async (
  sources: FieldListSources,
  principal: AuthUser,
  key: string,
  query: { q?: string | undefined; sort: FieldListSort; order: SortOrder },
): Promise<FieldListed> => {
  const snapshot = await sources.serviceIndex.snapshot();
  const { rows } = snapshot.query(
    { q: query.q },
    { principal, institutionId: principal.institutionId },
    query.sort,
    query.order,
    { limit: Number.POSITIVE_INFINITY, offset: 0 },
  );
  const filled = await sources.fieldValues.of(key, rows);
  const mayClear = can(principal, 'service.clearField') && isClearableField(key);
  // The verdict depends only on the state and the caller's relation: decided once per combination.
  const verdicts = new Map<number, boolean>();
  const me = principal.id;
  return {
    rows: filled.rows,
    preview: filled.preview,
    clearable: (row) => {
      if (!mayClear) return false;
      const combination =
        SERVICE_STATES.indexOf(row.state) * 64 +
        (row.objectOwnerId === me ? 1 : 0) +
        (row.serviceOwnerId === me ? 2 : 0) +
        (row.adminIds.includes(me) ? 4 : 0) +
        (row.serviceManagerId === me ? 8 : 0) +
        (row.providerManagerId === me ? 16 : 0) +
        (row.serviceManagerId !== null ? 32 : 0);
      let verdict = verdicts.get(combination);
      if (verdict === undefined)
        verdicts.set(combination, (verdict = canEditService(serviceRelation(principal, row, row.adminIds))));
      return verdict;
    },
  };
};

/** FNV-1a, 32 bits. */
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

// A snapshot's rows never change (a new version is a new row), so each one's hash is computed once.
const rowHashes = new WeakMap<object, number>();
const rowHash = (row: Pick<ServiceListRow, 'id' | 'version'>): number => {
  let h = rowHashes.get(row);
  if (h === undefined) rowHashes.set(row, (h = hash(`${row.id}:${row.version}`)));
  return h;
};

/**
 * Names a set of services with their versions, whatever the order they are listed in: a service
 * that joins, leaves or changes makes another token (a clear of all listed repeats it, ADR 30).
 */
export const listTokenOf = (rows: readonly Pick<ServiceListRow, 'id' | 'version'>[]): string => {
  let sum = 0;
  let xor = 0;
  for (const row of rows) {
    const h = rowHash(row);
    sum = (sum + h) >>> 0;
    xor = (xor ^ h) >>> 0;
  }
  return `${rows.length}.${sum.toString(36)}.${xor.toString(36)}`;
};

/** The field's whole value on these services (those without one are absent), for the export. */
export const loadFieldValues = async (
  db: Db,
  key: string,
  ids: readonly string[],
): Promise<Map<string, FieldValue>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: services.id, value: sql<FieldValue | null>`${services.fields} -> ${key}` })
    .from(services)
    .where(inArray(services.id, [...ids]));
  return new Map(rows.flatMap((row) => (row.value === null ? [] : [[row.id, row.value] as const])));
};
