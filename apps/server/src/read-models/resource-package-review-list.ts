import type { ResourcePackageReviewQuery } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { ReviewListRow } from '../model/resource-package.js';
import { loadReviewListRows, resourcePackageFingerprint } from '../queries/resource-packages.js';
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
    fingerprint: async () => `${await resourcePackageFingerprint(db)}|${await serviceDataFingerprint(db)}`,
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

type Order = ResourcePackageReviewQuery['order'];
type SortKey = ResourcePackageReviewQuery['sort'];

/**
 * The rows in each order asked for, sorted once per read of the rows rather than per request: a
 * page then only filters and slices (the rows arrive in the `waiting` order, which needs no sort).
 */
const ordersOf = new WeakMap<readonly ReviewListRow[], Map<string, readonly ReviewListRow[]>>();

const rowsInOrder = (rows: readonly ReviewListRow[], sort: SortKey, order: Order): readonly ReviewListRow[] => {
  if (sort === 'waiting' && order === 'asc') return rows;
  let orders = ordersOf.get(rows);
  if (!orders) ordersOf.set(rows, (orders = new Map()));
  const key = `${sort}:${order}`;
  let sorted = orders.get(key);
  if (!sorted) {
    sorted =
      sort === 'waiting' ? [...rows].reverse() : [...rows].sort(compareBy(SORT_VALUES[sort], order === 'asc' ? 1 : -1));
    orders.set(key, sorted);
  }
  return sorted;
};

/**
 * One page of the list: filtered by state and type key, searched (every word in package name,
 * service name or ID, provider or submitter), sorted (`waiting`: waiting packages first, oldest
 * submission first, then the rest by latest change). `waiting` counts the submitted packages of
 * the whole list.
 */
export const pageOfReviewRows = (
  rows: readonly ReviewListRow[],
  query: ResourcePackageReviewQuery,
): { items: ReviewListRow[]; total: number; waiting: number } => {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const start = (query.page - 1) * query.pageSize;
  const end = start + query.pageSize;
  const items: ReviewListRow[] = [];
  let total = 0;
  let waiting = 0;
  for (const row of rowsInOrder(rows, query.sort, query.order)) {
    if (row.state === 'submitted') waiting += 1;
    if (query.state && row.state !== query.state) continue;
    if (query.type && row.type.key !== query.type) continue;
    if (!words.every((word) => row.searchText.includes(word))) continue;
    if (total >= start && total < end) items.push(row);
    total += 1;
  }
  return { items, total, waiting };
};
