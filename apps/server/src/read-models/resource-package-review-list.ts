import type { ResourcePackageReviewQuery } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { ReviewListRow } from '../model/resource-package.js';
import { loadReviewListRows, resourcePackageFingerprint } from '../queries/resource-packages.js';
import { createRowOrders } from './row-orders.js';
import { createRowsCache, type RowsCache } from './rows-cache.js';

/** The Review List's rows; changed() after a package, a type or a service a row shows changed here. */
export type ResourcePackageReviewList = RowsCache<ReviewListRow>;

/**
 * The Resource Package Review List's rows in memory, like the Change Request List (ADR 0010):
 * a few thousand small rows, read whole after a change, so a page costs no query.
 */
export const createResourcePackageReviewList = ({
  db,
  ...options
}: {
  db: Db;
  revalidateMs?: number;
  onError?: (error: unknown) => void;
}): ResourcePackageReviewList =>
  createRowsCache({
    ...options,
    load: () => loadReviewListRows(db),
    // Side by side on a PostgreSQL pool: a look waits for one round trip, not two.
    fingerprint: async () =>
      (await Promise.all([resourcePackageFingerprint(db), serviceDataFingerprint(db)])).join('|'),
  });

const time = (date: Date | null) => date?.getTime() ?? null;

type SortValue = string | number | null;

const SORT_VALUES: Record<Exclude<ResourcePackageReviewQuery['sort'], 'waiting'>, (row: ReviewListRow) => SortValue> = {
  submittedAt: (row) => time(row.submittedAt),
  updatedAt: (row) => row.updatedAt.getTime(),
  name: (row) => row.nameKey,
  service: (row) => row.serviceKey,
  type: (row) => row.type.key,
  state: (row) => row.state,
};

/** Ascending, with empty values last whatever the direction, and the id last so pages are stable. */
const compareBy =
  (value: (row: ReviewListRow) => SortValue, direction: 1 | -1) => (a: ReviewListRow, b: ReviewListRow) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -direction : direction;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

const orders = createRowOrders<ReviewListRow, 'state' | 'type'>({
  searchText: (row) => row.searchText,
  filters: { state: (row) => row.state, type: (row) => row.type.key },
});

/** How many packages of a read of the rows wait for a decision: counted once, whatever a page filters. */
const waitingOf = new WeakMap<readonly ReviewListRow[], number>();

const waitingIn = (rows: readonly ReviewListRow[]): number => {
  let waiting = waitingOf.get(rows);
  if (waiting === undefined) {
    waiting = 0;
    for (const row of rows) if (row.state === 'submitted') waiting += 1;
    waitingOf.set(rows, waiting);
  }
  return waiting;
};

/**
 * One page of the list: filtered by state and type key, searched (every word in package name,
 * service name or ID, provider or submitter), sorted (`waiting`: waiting packages first, oldest
 * submission first, then the rest by latest change). `waiting` counts the submitted packages of
 * the whole list. Without a filter a page is a slice of the sorted rows.
 */
export const pageOfReviewRows = (
  rows: readonly ReviewListRow[],
  query: ResourcePackageReviewQuery,
): { items: ReviewListRow[]; total: number; waiting: number } => {
  const { sort, order } = query;
  const page = orders.page(rows, {
    // The rows arrive in the `waiting` order, which needs no sort.
    sort: {
      key: `${sort}:${order}`,
      by:
        sort === 'waiting'
          ? order === 'asc'
            ? 'loaded'
            : 'reversed'
          : compareBy(SORT_VALUES[sort], order === 'asc' ? 1 : -1),
    },
    where: { state: query.state, type: query.type },
    q: query.q,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { ...page, waiting: waitingIn(rows) };
};
