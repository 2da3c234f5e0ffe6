import { CHANGE_REQUEST_STATES, type ChangeRequestListQuery } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import type { ChangeRequestListRow } from '../model/change-request.js';
import { pageOfChangeRequests } from './change-request-list.js';

/** Rows as the database hands them over: newest change first, then the larger id. */
const rowsOf = (count: number): ChangeRequestListRow[] =>
  Array.from({ length: count }, (_, i): ChangeRequestListRow => {
    const serviceName = `Service ${i % 6} ${i % 4 === 0 ? 'GPU' : 'Storage'}`;
    const author = i % 3 === 0 ? 'Alice Adler' : 'Ivan Iwanow';
    return {
      id: `cr-${String(i).padStart(4, '0')}`,
      state: CHANGE_REQUEST_STATES[i % CHANGE_REQUEST_STATES.length]!,
      fromIntegrationManager: i % 5 === 0,
      // Few distinct times, so the id decides among equals.
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 9))),
      updatedAt: new Date(Date.UTC(2026, 5, 1 + Math.floor((count - i) / 3))),
      serviceUuid: `s-${i % 6}`,
      serviceId: `SVC-0000${i % 6}`,
      serviceName,
      serviceState: 'service_online',
      authorName: author,
      authorUsername: author.split(' ')[0]!.toLowerCase(),
      fieldCount: 1 + (i % 3),
      searchText: `${serviceName} SVC-0000${i % 6} ${author}`.toLowerCase(),
      serviceKey: serviceName.toLowerCase(),
    };
  }).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1));

const query = (change: Partial<ChangeRequestListQuery> = {}): ChangeRequestListQuery => ({
  sort: 'updatedAt',
  order: 'desc',
  page: 1,
  pageSize: 10,
  ...change,
});

const VALUE: Record<ChangeRequestListQuery['sort'], (row: ChangeRequestListRow) => string | number> = {
  updatedAt: (row) => row.updatedAt.getTime(),
  createdAt: (row) => row.createdAt.getTime(),
  state: (row) => row.state,
  service: (row) => row.serviceKey,
};

/** What the whole list holds for a query, worked out the plain way: by the value, then the newest id. */
const expected = (rows: readonly ChangeRequestListRow[], q: ChangeRequestListQuery) => {
  const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const direction = q.order === 'asc' ? 1 : -1;
  return rows
    .filter(
      (row) =>
        (!q.state || row.state === q.state) &&
        (q.from === undefined || row.fromIntegrationManager === (q.from === 'integrationManager')) &&
        words.every((word) => row.searchText.includes(word)),
    )
    .sort((a, b) => {
      const x = VALUE[q.sort](a);
      const y = VALUE[q.sort](b);
      if (x !== y) return x < y ? -direction : direction;
      return a.id < b.id ? 1 : -1;
    })
    .map((row) => row.id);
};

describe('a page of the Change Request List', () => {
  const rows = rowsOf(87);

  it('holds, for every sort, order, filter and search, the rows of the plain way in their order, and counts them all', () => {
    const sorts = ['updatedAt', 'createdAt', 'state', 'service'] as const;
    const filters: Partial<ChangeRequestListQuery>[] = [
      {},
      { state: 'handed_in' },
      { from: 'integrationManager' },
      { from: 'provider', q: 'gpu' },
      { q: 'SVC-00003  alice' },
      { q: 'nobody' },
    ];
    for (const sort of sorts)
      for (const order of ['asc', 'desc'] as const)
        for (const filter of filters)
          for (const page of [1, 3]) {
            const asked = query({ ...filter, sort, order, page });
            const all = expected(rows, asked);
            const got = pageOfChangeRequests(rows, asked);
            expect(
              got.items.map((row) => row.id),
              JSON.stringify(asked),
            ).toEqual(all.slice((page - 1) * 10, page * 10));
            expect(got.total).toBe(all.length);
          }
  });

  it('reads a new copy of the rows anew', () => {
    expect(pageOfChangeRequests(rows, query({ state: 'draft' })).total).toBeGreaterThan(0);
    const none = rows.map((row) => ({ ...row, state: 'applied' as const }));
    expect(pageOfChangeRequests(none, query({ state: 'draft' }))).toEqual({ items: [], total: 0 });
  });
});
