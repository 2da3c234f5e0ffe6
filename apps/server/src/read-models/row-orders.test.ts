import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRowOrders, type RowSort } from './row-orders.js';

interface Row {
  id: string;
  kind: string;
  open: boolean;
  rank: number;
  searchText: string;
}

const orders = createRowOrders<Row, 'kind' | 'open'>({
  searchText: (row) => row.searchText,
  filters: { kind: (row) => row.kind, open: (row) => row.open },
});

const byRank = (a: Row, b: Row) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const SORTS: Record<string, RowSort<Row>> = {
  loaded: { key: 'loaded', by: 'loaded' },
  reversed: { key: 'reversed', by: 'reversed' },
  rank: { key: 'rank', by: byRank },
};

/** The same page worked out the plain way: filter the row objects, sort a copy, slice. */
const plainPage = (
  rows: readonly Row[],
  sort: string,
  where: { kind?: string; open?: boolean },
  q: string,
  page: number,
  pageSize: number,
) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = rows.filter(
    (row) =>
      (where.kind === undefined || row.kind === where.kind) &&
      (where.open === undefined || row.open === where.open) &&
      words.every((word) => row.searchText.includes(word)),
  );
  const ordered =
    sort === 'loaded' ? matching : sort === 'reversed' ? [...matching].reverse() : [...matching].sort(byRank);
  return { ids: ordered.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id), total: matching.length };
};

const rowArbitrary = fc.record({
  kind: fc.constantFrom('a', 'b', 'c'),
  open: fc.boolean(),
  rank: fc.integer({ min: 0, max: 5 }),
  searchText: fc.stringMatching(/^[abcäß ]{0,12}$/),
});

describe('pages of an in-memory list', () => {
  it('hold what filtering, searching, sorting and slicing the rows the plain way gives, for any rows and request', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 40 }),
        fc.constantFrom('loaded', 'reversed', 'rank'),
        fc.option(fc.constantFrom('a', 'b', 'z'), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.stringMatching(/^[abcäß ]{0,6}$/),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10 }),
        (drawn, sort, kind, open, q, page, pageSize) => {
          const rows = drawn.map((row, i) => ({ ...row, id: `r${String(i).padStart(2, '0')}` }));
          const got = orders.page(rows, { sort: SORTS[sort]!, where: { kind, open }, q, page, pageSize });
          const want = plainPage(rows, sort, { kind, open }, q, page, pageSize);
          expect({ ids: got.items.map((row) => row.id), total: got.total }).toEqual(want);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answer every request of a sequence on one read of the rows as the plain way does', () => {
    // Few values, so that filters, values and searches come back within a sequence.
    const requestArbitrary = fc.record({
      sort: fc.constantFrom('loaded', 'reversed', 'rank'),
      kind: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
      open: fc.option(fc.boolean(), { nil: undefined }),
      q: fc.constantFrom('', 'a', 'b', 'a b'),
      page: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { minLength: 5, maxLength: 40 }),
        fc.array(requestArbitrary, { minLength: 5, maxLength: 30 }),
        (drawn, requests) => {
          const rows = drawn.map((row, i) => ({ ...row, id: `r${String(i).padStart(2, '0')}` }));
          for (const { sort, kind, open, q, page } of requests) {
            const got = orders.page(rows, { sort: SORTS[sort]!, where: { kind, open }, q, page, pageSize: 4 });
            const want = plainPage(rows, sort, { kind, open }, q, page, 4);
            expect({ ids: got.items.map((row) => row.id), total: got.total }).toEqual(want);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lay out each read of the rows anew, and keep each order of one read for the next page', () => {
    const rows: Row[] = [
      { id: 'r1', kind: 'a', open: true, rank: 2, searchText: 'cloud storage' },
      { id: 'r2', kind: 'b', open: false, rank: 1, searchText: 'gpu cluster' },
    ];
    const rankOnce = { key: 'rank', by: byRank };
    expect(orders.page(rows, { sort: rankOnce, where: {}, q: undefined, page: 1, pageSize: 10 }).items).toEqual([
      rows[1],
      rows[0],
    ]);
    // The order named "rank" of this read is kept: a different comparison under the same key is not asked.
    const ignored = { key: 'rank', by: (a: Row, b: Row) => -byRank(a, b) };
    expect(orders.page(rows, { sort: ignored, where: {}, q: undefined, page: 1, pageSize: 10 }).items[0]).toBe(rows[1]);
    // A new read of the rows (a new array) is laid out and ordered again.
    const changed = [{ ...rows[0]!, searchText: 'gpu storage' }, rows[1]!];
    const found = orders.page(changed, { sort: ignored, where: { kind: 'a' }, q: 'GPU', page: 1, pageSize: 10 });
    expect(found).toEqual({ items: [changed[0]], total: 1 });
  });

  it('match no row for a filter value no row has, and no row for a word in no row', () => {
    const rows: Row[] = [{ id: 'r1', kind: 'a', open: true, rank: 0, searchText: 'one\ntwo' }];
    const page = (where: { kind?: string }, q?: string) =>
      orders.page(rows, { sort: SORTS.loaded!, where, q, page: 1, pageSize: 10 }).total;
    expect(page({ kind: 'nowhere' })).toBe(0);
    expect(page({}, 'three')).toBe(0);
    expect(page({}, 'one two')).toBe(1);
  });
});
