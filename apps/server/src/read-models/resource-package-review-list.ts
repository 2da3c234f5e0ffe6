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

/**
 * One page of the list: filtered by state and type key, searched (every word in package name,
 * service name or ID, provider or submitter), sorted. The rows come in the `waiting` order (waiting
 * packages first, oldest submission first, then the rest by latest change): that sort needs none.
 * `waiting` counts the submitted packages of the whole list.
 */
export const pageOfReviewRows = (
  rows: readonly ReviewListRow[],
  query: ResourcePackageReviewQuery,
): { items: ReviewListRow[]; total: number; waiting: number } => {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  let waiting = 0;
  const matches = rows.filter((row) => {
    if (row.state === 'submitted') waiting += 1;
    if (query.state && row.state !== query.state) return false;
    if (query.type && row.type.key !== query.type) return false;
    return words.every((word) => row.searchText.includes(word));
  });
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted =
    query.sort === 'waiting'
      ? direction === 1
        ? matches
        : matches.reverse()
      : matches.sort(compareBy(SORT_VALUES[query.sort], direction));
  const start = (query.page - 1) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), total: matches.length, waiting };
};
