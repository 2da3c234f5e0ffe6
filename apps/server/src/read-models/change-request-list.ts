import type { ChangeRequestListQuery } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { ChangeRequestListRow } from '../model/change-request.js';
import { changeRequestFingerprint, loadChangeRequestListRows } from '../queries/change-requests.js';
import { createRowsCache, type RowsCache } from './rows-cache.js';

/** The Change Request List's rows; changed() after something a row shows (a request, a service's name). */
export type ChangeRequestList = RowsCache<ChangeRequestListRow>;

export interface ChangeRequestListOptions {
  db: Db;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The Change Request List's rows in memory, like the portfolio lists (ADR 0010, ADR 0028): read
 * whole after a change; on PostgreSQL the requests' and services' fingerprints catch other
 * instances' changes.
 */
export const createChangeRequestList = ({ db, ...options }: ChangeRequestListOptions): ChangeRequestList =>
  createRowsCache({
    ...options,
    load: () => loadChangeRequestListRows(db),
    fingerprint: async () => `${await changeRequestFingerprint(db)}|${await serviceDataFingerprint(db)}`,
  });

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
