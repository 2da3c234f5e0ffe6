import type { ChangeRequestListQuery } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { ChangeRequestListRow } from '../model/change-request.js';
import { changeRequestFingerprint, loadChangeRequestListRows } from '../queries/change-requests.js';
import { createRowOrders } from './row-orders.js';
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
    // Side by side on a PostgreSQL pool: a look waits for one round trip, not two.
    fingerprint: async () => (await Promise.all([changeRequestFingerprint(db), serviceDataFingerprint(db)])).join('|'),
  });

type SortKey = ChangeRequestListQuery['sort'];

const SORT_VALUES: Record<SortKey, (row: ChangeRequestListRow) => string | number> = {
  updatedAt: (row) => row.updatedAt.getTime(),
  createdAt: (row) => row.createdAt.getTime(),
  state: (row) => row.state,
  service: (row) => row.serviceKey,
};

/** By the value in the direction asked, then the newest id first whatever the direction, so pages are stable. */
const compareBy =
  (value: (row: ChangeRequestListRow) => string | number, direction: 1 | -1) =>
  (a: ChangeRequestListRow, b: ChangeRequestListRow) => {
    const x = value(a);
    const y = value(b);
    if (x < y) return -direction;
    if (x > y) return direction;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };

const orders = createRowOrders<ChangeRequestListRow, 'state' | 'fromIntegrationManager'>({
  searchText: (row) => row.searchText,
  filters: { state: (row) => row.state, fromIntegrationManager: (row) => row.fromIntegrationManager },
});

/**
 * One page of the list: filtered by state and origin, searched (every word in service name,
 * service ID or author), sorted, ending on the id so pages are stable.
 */
export const pageOfChangeRequests = (
  rows: readonly ChangeRequestListRow[],
  query: ChangeRequestListQuery,
): { items: ChangeRequestListRow[]; total: number } => {
  const { sort, order } = query;
  return orders.page(rows, {
    // The rows arrive newest change first: that order needs no sort.
    sort: {
      key: `${sort}:${order}`,
      by: sort === 'updatedAt' && order === 'desc' ? 'loaded' : compareBy(SORT_VALUES[sort], order === 'asc' ? 1 : -1),
    },
    where: {
      state: query.state,
      fromIntegrationManager: query.from === undefined ? undefined : query.from === 'integrationManager',
    },
    q: query.q,
    page: query.page,
    pageSize: query.pageSize,
  });
};
