import type { ChangeRequestListQuery } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { ChangeRequestListRow } from '../model/change-request.js';
import { changeRequestFingerprint, loadChangeRequestListRows } from '../queries/change-requests.js';

export interface ChangeRequestList {
  /** Every request's list row as it is now: at once while nothing changed, otherwise after one read. */
  rows(): readonly ChangeRequestListRow[] | Promise<readonly ChangeRequestListRow[]>;
  /** Something a row shows changed in this process (a request, a service's name): the next call reads again. */
  changed(): void;
}

export interface ChangeRequestListOptions {
  db: Db;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The Change Request List's rows in memory, like the portfolio lists (ADR 0010, ADR 0028): a few
 * thousand small rows, read whole after a change, so filtering, search, sort and paging run
 * without a query on the embedded database's one thread. Changes made here mark it stale at once;
 * on PostgreSQL a fingerprint query at most once per revalidateMs catches other instances' changes.
 */
export const createChangeRequestList = ({
  db,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: ChangeRequestListOptions): ChangeRequestList => {
  const watchesOthers = Number.isFinite(revalidateMs);
  let current: { rows: readonly ChangeRequestListRow[]; fingerprint: string } | null = null;
  let generation = 0;
  let readGeneration = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<readonly ChangeRequestListRow[]> | null = null;

  const fingerprint = async () =>
    watchesOthers ? `${await changeRequestFingerprint(db)}|${await serviceDataFingerprint(db)}` : '';

  const read = (): Promise<readonly ChangeRequestListRow[]> => {
    reading ??= (async () => {
      try {
        for (;;) {
          const startedAt = now();
          const wanted = generation;
          if (current && wanted === readGeneration) {
            // Nothing changed here: only another instance may have changed something.
            try {
              const seen = await fingerprint();
              checkedAt = startedAt;
              if (seen === current.fingerprint) return current.rows;
            } catch (error) {
              onError(error);
              return current.rows;
            }
          }
          const seen = await fingerprint();
          const rows = await loadChangeRequestListRows(db);
          current = { rows, fingerprint: seen };
          readGeneration = wanted;
          checkedAt = startedAt;
          if (generation === wanted) return rows;
        }
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    rows() {
      if (current && readGeneration === generation && (!watchesOthers || now() - checkedAt < revalidateMs))
        return current.rows;
      return read();
    },
    changed() {
      generation += 1;
    },
  };
};

const SORT_VALUES = {
  updatedAt: (row: ChangeRequestListRow) => row.updatedAt.getTime(),
  createdAt: (row: ChangeRequestListRow) => row.createdAt.getTime(),
  state: (row: ChangeRequestListRow) => row.state,
  service: (row: ChangeRequestListRow) => row.serviceKey,
} as const;

/**
 * One page of the list: filtered by state and origin, searched (every word in service name,
 * service ID or author), sorted, ending on the id so pages are stable.
 */
export const pageOfChangeRequests = (
  rows: readonly ChangeRequestListRow[],
  query: ChangeRequestListQuery,
): { items: ChangeRequestListRow[]; total: number } => {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const wantIntegration = query.from === undefined ? null : query.from === 'integrationManager';
  const matches = rows.filter((row) => {
    if (query.state && row.state !== query.state) return false;
    if (wantIntegration !== null && row.fromIntegrationManager !== wantIntegration) return false;
    if (words.length === 0) return true;
    return words.every((word) => row.searchText.includes(word));
  });
  const value = SORT_VALUES[query.sort];
  const direction = query.order === 'asc' ? 1 : -1;
  // The rows come newest change first: that order needs no sort.
  const presorted = query.sort === 'updatedAt' && query.order === 'desc';
  const sorted = presorted
    ? matches
    : matches.sort((a, b) => {
        const x = value(a);
        const y = value(b);
        if (x < y) return -direction;
        if (x > y) return direction;
        return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
      });
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), total: matches.length };
};
