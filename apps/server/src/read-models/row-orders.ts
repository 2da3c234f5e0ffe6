import { RecentlyUsed } from './recently-used.js';

/** A filter's value on a row: a state, a type's key, a flag. */
export type FilterValue = string | boolean;

export interface RowOrdersOptions<Row, Filter extends string> {
  /** What a search matches, lower-cased. */
  searchText: (row: Row) => string;
  /** Each filter's value on a row. */
  filters: Record<Filter, (row: Row) => FilterValue>;
}

/** How a page's rows are ordered: as loaded, loaded and reversed, or by a comparison. */
export interface RowSort<Row> {
  /** Names the order among a list's orders: one key, one order. */
  key: string;
  by: 'loaded' | 'reversed' | ((a: Row, b: Row) => number);
}

export interface RowPageRequest<Row, Filter extends string> {
  sort: RowSort<Row>;
  /** The value each filter must have; undefined: any. */
  where: Partial<Record<Filter, FilterValue | undefined>>;
  /** Words a row's search text must all hold (case-insensitive). */
  q: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * What a page reads of the rows, laid out once per read of them: each filter's value as a number
 * by position, every row's search text in one string, and each order asked for as the positions in
 * that order. Visiting thousands of row objects reads memory scattered across the heap, and that
 * was most of a page's cost; these are small arrays read front to back (the portfolio list does
 * the same, docs/adr/0010-portfolio-lists-search-and-caches.md).
 */
interface Layout<Filter extends string> {
  codes: Record<Filter, Int32Array>;
  /** Per filter, the number of each value some row has (from 1; 0 matches no row). */
  codeOf: Record<Filter, Map<FilterValue, number>>;
  /** The rows' search texts joined by a newline, which no search word holds. */
  text: string;
  /** Where each row's search text starts in `text`. */
  starts: Int32Array;
  orders: Map<string, Int32Array>;
  /** Per filters, values and search words, the rows that match. */
  matches: RecentlyUsed<string, Match>;
}

/** The rows that match one page request's filters and search: a mark per position, and how many. */
interface Match {
  marks: Uint8Array;
  total: number;
}

/** How many filter and search combinations a layout keeps the matches of (one byte per row each). */
const MATCHES_KEPT = 256;

/** The words of a search, lower-cased, each once. */
export const searchWords = (q: string | undefined): string[] => [
  ...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean)),
];

/** The rows whose search text holds every word, as a mark per position. */
const matchesOf = (layout: Layout<string>, words: readonly string[]): Uint8Array => {
  // A count per row fits 16 bits: a search is at most a few hundred characters.
  const hits = new Uint16Array(layout.starts.length);
  const { text, starts } = layout;
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
  const matches = new Uint8Array(hits.length);
  for (let i = 0; i < hits.length; i++) matches[i] = hits[i] === words.length ? 1 : 0;
  return matches;
};

/**
 * The rows whose filter columns hold the wanted codes and whose search text holds every word,
 * marked front to back by position (the order's walk would read them at scattered places).
 */
const matchOf = (
  layout: Layout<string>,
  columns: readonly Int32Array[],
  wanted: readonly number[],
  words: readonly string[],
): Match => {
  const found = words.length > 0 ? matchesOf(layout, words) : null;
  const marks = new Uint8Array(layout.starts.length);
  let total = 0;
  for (let at = 0; at < marks.length; at++) {
    let f = 0;
    while (f < columns.length && columns[f]![at] === wanted[f]) f++;
    if (f < columns.length || (found && found[at] === 0)) continue;
    marks[at] = 1;
    total += 1;
  }
  return { marks, total };
};

/**
 * Pages of an in-memory list (a RowsCache's rows): filtered by exact values, searched word by
 * word, in one of the list's orders. The layout and each order are built on the first page that
 * needs them and kept for as long as that read of the rows is current, so a page filters the
 * positions and slices.
 */
export const createRowOrders = <Row, Filter extends string>({ searchText, filters }: RowOrdersOptions<Row, Filter>) => {
  const filterNames = Object.keys(filters) as Filter[];
  const layouts = new WeakMap<readonly Row[], Layout<Filter>>();

  const layOut = (rows: readonly Row[]): Layout<Filter> => {
    const codes = {} as Record<Filter, Int32Array>;
    const codeOf = {} as Record<Filter, Map<FilterValue, number>>;
    for (const name of filterNames) {
      const valueOf = filters[name];
      const numbers = new Map<FilterValue, number>();
      const column = new Int32Array(rows.length);
      rows.forEach((row, i) => {
        const value = valueOf(row);
        let code = numbers.get(value);
        if (code === undefined) numbers.set(value, (code = numbers.size + 1));
        column[i] = code;
      });
      codes[name] = column;
      codeOf[name] = numbers;
    }
    const starts = new Int32Array(rows.length);
    const texts = rows.map(searchText);
    let offset = 0;
    texts.forEach((text, i) => {
      starts[i] = offset;
      offset += text.length + 1;
    });
    return {
      codes,
      codeOf,
      text: texts.join('\n'),
      starts,
      orders: new Map(),
      matches: new RecentlyUsed(MATCHES_KEPT),
    };
  };

  const positionsIn = (rows: readonly Row[], layout: Layout<Filter>, sort: RowSort<Row>): Int32Array => {
    let positions = layout.orders.get(sort.key);
    if (!positions) {
      positions = Int32Array.from(rows.keys());
      const by = sort.by;
      if (by === 'reversed') positions.reverse();
      else if (by !== 'loaded') positions.sort((i, j) => by(rows[i]!, rows[j]!));
      layout.orders.set(sort.key, positions);
    }
    return positions;
  };

  return {
    /** One page and how many rows match in all. */
    page(rows: readonly Row[], request: RowPageRequest<Row, Filter>): { items: Row[]; total: number } {
      let layout = layouts.get(rows);
      if (!layout) layouts.set(rows, (layout = layOut(rows)));
      const positions = positionsIn(rows, layout, request.sort);
      const start = (request.page - 1) * request.pageSize;
      const end = start + request.pageSize;
      const filtered: Filter[] = [];
      const columns: Int32Array[] = [];
      const wanted: number[] = [];
      for (const name of filterNames) {
        const value = request.where[name];
        if (value === undefined) continue;
        filtered.push(name);
        columns.push(layout.codes[name]);
        // A value no row has: 0 matches no position.
        wanted.push(layout.codeOf[name].get(value) ?? 0);
      }
      const words = searchWords(request.q);
      if (columns.length === 0 && words.length === 0) {
        const items: Row[] = [];
        for (let i = start; i < end && i < positions.length; i++) items.push(rows[positions[i]!]!);
        return { items, total: rows.length };
      }
      // A person pages and sorts one view, and the screen asks its first page again after each
      // change: the matches are worked out once per view and read of the rows. They depend on the
      // rows and on the filters, their values and the words alone, whoever asks.
      const key = JSON.stringify([filtered, wanted, words]);
      const { marks, total } = layout.matches.getOrMake(key, () => matchOf(layout, columns, wanted, words));
      const items: Row[] = [];
      let seen = 0;
      for (let i = 0; i < positions.length && seen < end && seen < total; i++) {
        const at = positions[i]!;
        if (marks[at] === 0) continue;
        if (seen >= start) items.push(rows[at]!);
        seen += 1;
      }
      return { items, total };
    },
  };
};
