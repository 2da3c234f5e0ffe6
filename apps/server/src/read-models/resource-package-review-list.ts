import { RESOURCE_PACKAGE_STATES, type ResourcePackageReviewQuery } from '@nubes/domain';
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
 * The rows in one order, with what a filter reads laid out by position: the state and the type as
 * small numbers and every row's search text in one string. Visiting thousands of row objects in a
 * sort order reads memory scattered across the heap, and that was most of a page's cost; these
 * are read front to back (the portfolio list does the same, docs/adr/0010-portfolio-lists-search-and-caches.md).
 */
interface Ordered {
  rows: readonly ReviewListRow[];
  states: Uint8Array;
  types: Int32Array;
  typeKeys: Map<string, number>;
  /** The rows' search texts joined by a newline, which no search word holds. */
  text: string;
  /** Where each row's search text starts in `text`. */
  starts: Int32Array;
}

/** A state's number: its place in the domain's list, from 1 (0 is no state at all). */
const stateCode = (state: string): number => (RESOURCE_PACKAGE_STATES as readonly string[]).indexOf(state) + 1;

const layOut = (rows: readonly ReviewListRow[]): Ordered => {
  const states = new Uint8Array(rows.length);
  const types = new Int32Array(rows.length);
  const typeKeys = new Map<string, number>();
  const starts = new Int32Array(rows.length);
  let offset = 0;
  rows.forEach((row, i) => {
    states[i] = stateCode(row.state);
    let type = typeKeys.get(row.type.key);
    if (type === undefined) typeKeys.set(row.type.key, (type = typeKeys.size + 1));
    types[i] = type;
    starts[i] = offset;
    offset += row.searchText.length + 1;
  });
  return { rows, states, types, typeKeys, text: rows.map((row) => row.searchText).join('\n'), starts };
};

/** The rows whose search text holds every word, as a mark per position. */
const matchesOf = (ordered: Ordered, words: readonly string[]): Uint8Array => {
  // A count per row fits a byte: the query's 200 characters hold at most 100 words.
  const hits = new Uint8Array(ordered.rows.length);
  const { text, starts } = ordered;
  words.forEach((word, w) => {
    let at = text.indexOf(word);
    while (at !== -1) {
      // The row whose text holds this position: the last start at or before it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= at) low = middle;
        else high = middle - 1;
      }
      // Counted once per row and word: a row holds every word when its count reaches them all.
      if (hits[low] === w) hits[low] = w + 1;
      // One hit per row is enough: go on from the next row's text.
      at = low + 1 < starts.length ? text.indexOf(word, starts[low + 1]!) : -1;
    }
  });
  const all = words.length;
  for (let i = 0; i < hits.length; i++) hits[i] = hits[i] === all ? 1 : 0;
  return hits;
};

/**
 * The rows in each order asked for, sorted and laid out once per read of the rows rather than per
 * request: a page then only filters and slices (the rows arrive in the `waiting` order, which
 * needs no sort).
 */
const ordersOf = new WeakMap<readonly ReviewListRow[], Map<string, Ordered>>();

const rowsInOrder = (rows: readonly ReviewListRow[], sort: SortKey, order: Order): Ordered => {
  let orders = ordersOf.get(rows);
  if (!orders) ordersOf.set(rows, (orders = new Map()));
  const key = `${sort}:${order}`;
  let ordered = orders.get(key);
  if (!ordered) {
    const sorted =
      sort === 'waiting'
        ? order === 'asc'
          ? rows
          : [...rows].reverse()
        : [...rows].sort(compareBy(SORT_VALUES[sort], order === 'asc' ? 1 : -1));
    ordered = layOut(sorted);
    orders.set(key, ordered);
  }
  return ordered;
};

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
  const words = [...new Set((query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
  const start = (query.page - 1) * query.pageSize;
  const end = start + query.pageSize;
  const ordered = rowsInOrder(rows, query.sort, query.order);
  const waiting = waitingIn(rows);
  if (!query.state && !query.type && words.length === 0)
    return { items: ordered.rows.slice(start, end), total: ordered.rows.length, waiting };
  // A state or type no row has: 0 matches no position.
  const state = query.state ? stateCode(query.state) : -1;
  const type = query.type ? (ordered.typeKeys.get(query.type) ?? 0) : -1;
  const matches = words.length > 0 ? matchesOf(ordered, words) : null;
  const items: ReviewListRow[] = [];
  let total = 0;
  for (let i = 0; i < ordered.rows.length; i++) {
    if (state !== -1 && ordered.states[i] !== state) continue;
    if (type !== -1 && ordered.types[i] !== type) continue;
    if (matches && matches[i] === 0) continue;
    if (total >= start && total < end) items.push(ordered.rows[i]!);
    total += 1;
  }
  return { items, total, waiting };
};
