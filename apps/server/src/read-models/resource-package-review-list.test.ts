import type { ResourcePackageReviewQuery, ResourcePackageState } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import type { ReviewListRow } from '../model/resource-package.js';
import { pageOfReviewRows } from './resource-package-review-list.js';

const STATES: ResourcePackageState[] = ['submitted', 'approved', 'rejected'];

const rowsOf = (count: number): ReviewListRow[] =>
  Array.from({ length: count }, (_, i) => {
    const name = `Package ${i} ${i % 3 === 0 ? 'gpu' : 'disk'}${i % 7 === 0 ? ' Größe' : ''}${i === count - 1 ? ' last' : ''}`;
    const row: ReviewListRow = {
      id: `p-${String(i).padStart(4, '0')}`,
      name,
      quota: i,
      state: STATES[i % 3]!,
      version: 1,
      submittedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      updatedAt: new Date(Date.UTC(2026, 5, 1 + (i % 28))),
      service: {
        id: `s-${i % 4}`,
        serviceId: `SVC-${i % 4}`,
        name: `Service ${i % 4}`,
        state: 'service_online',
        objectOwnerId: null,
        serviceOwnerId: null,
        serviceManagerId: null,
        providerManagerId: null,
      },
      adminIds: [],
      provider: null,
      type: {
        id: `t-${i % 2}`,
        key: i % 2 ? 'storage' : 'compute',
        name: { en: 'Type', de: 'Typ' },
        quotaUnit: { en: 'GB', de: 'GB' },
        retired: false,
      },
      submittedBy: null,
      searchText: `${name} service ${i % 4} svc-${i % 4}`.toLowerCase(),
      nameKey: name.toLowerCase(),
      serviceKey: `service ${i % 4}`,
    };
    return row;
  });

const query = (change: Partial<ResourcePackageReviewQuery> = {}): ResourcePackageReviewQuery => ({
  sort: 'waiting',
  order: 'asc',
  page: 1,
  pageSize: 10,
  ...change,
});

/** What a page must hold, worked out the plain way. */
const expected = (rows: ReviewListRow[], q: ResourcePackageReviewQuery) => {
  const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const all = rows.filter(
    (row) =>
      (!q.state || row.state === q.state) &&
      (!q.type || row.type.key === q.type) &&
      words.every((word) => row.searchText.includes(word)),
  );
  return { all, waiting: rows.filter((row) => row.state === 'submitted').length };
};

describe('a page of the Resource Package Review List', () => {
  const rows = rowsOf(95);

  it('without a filter is a slice of the rows in their order, and counts all of them', () => {
    const first = pageOfReviewRows(rows, query());
    expect(first.items.map((row) => row.id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    expect(first).toMatchObject({ total: 95, waiting: 32 });
    const last = pageOfReviewRows(rows, query({ page: 10 }));
    expect(last.items.map((row) => row.id)).toEqual(rows.slice(90).map((row) => row.id));
    expect(pageOfReviewRows(rows, query({ page: 11 })).items).toEqual([]);
    const descending = pageOfReviewRows(rows, query({ order: 'desc' }));
    expect(descending.items[0]!.id).toBe('p-0094');
  });

  it.each([
    { state: 'approved' as const },
    { type: 'storage' },
    { q: 'GPU  service 2' },
    { q: 'nothing like it' },
    { state: 'rejected' as const, type: 'compute', q: 'svc-1' },
  ])('filtered by %o holds the matching rows of that page, and counts them all', (filter) => {
    for (const page of [1, 2, 4]) {
      const q = query({ ...filter, page });
      const want = expected(rows, q);
      const got = pageOfReviewRows(rows, q);
      expect(got.items.map((row) => row.id)).toEqual(want.all.slice((page - 1) * 10, page * 10).map((row) => row.id));
      expect(got.total).toBe(want.all.length);
      expect(got.waiting).toBe(want.waiting);
    }
  });

  it('finds every word anywhere in a row, in every order, as the plain way does', () => {
    const words = [
      'gpu',
      'größe',
      'last',
      'package',
      'svc-3',
      'e 9',
      '9',
      'ge 1',
      'k',
      'gpu gpu',
      'größe svc-0 gpu',
      '',
    ];
    const sorts = ['waiting', 'submittedAt', 'updatedAt', 'name', 'service', 'type', 'state'] as const;
    for (const q of words)
      for (const sort of sorts)
        for (const order of ['asc', 'desc'] as const)
          for (const state of [undefined, 'submitted'] as const) {
            const asked = query({ q, sort, order, state, pageSize: 100 });
            const got = pageOfReviewRows(rows, asked);
            const want = expected(rows, asked);
            expect(new Set(got.items.map((row) => row.id)), `${q} ${sort} ${order} ${state}`).toEqual(
              new Set(want.all.map((row) => row.id)),
            );
            expect(got.total).toBe(want.all.length);
          }
  });

  it('counts the waiting packages of each read of the rows anew', () => {
    const fewer = rows.slice(0, 10);
    expect(pageOfReviewRows(rows, query()).waiting).toBe(32);
    expect(pageOfReviewRows(fewer, query()).waiting).toBe(4);
  });
});
