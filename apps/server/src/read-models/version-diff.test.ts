import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goneAfterRead, HeldBuckets } from './version-diff.js';

/** Rows held as id → version; ids are UUIDs, bucketed by their first two hex digits. */
const heldOf = (rows: Record<string, number>): HeldBuckets =>
  HeldBuckets.of((visit) => {
    for (const [id, version] of Object.entries(rows)) visit(id, version);
  });

/** The database's sums (db/bucket-sums.ts) of the same rows. */
const sumsOf = (rows: Record<string, number>) => {
  const buckets = new Map<string, { bucket: string; count: number; versions: number; ids: number }>();
  for (const [id, version] of Object.entries(rows)) {
    const bucket = id.slice(0, 2);
    const sums = buckets.get(bucket) ?? { bucket, count: 0, versions: 0, ids: 0 };
    sums.count += 1;
    sums.versions += version;
    sums.ids += Number.parseInt(id.slice(0, 7), 16);
    buckets.set(bucket, sums);
  }
  return [...buckets.values()];
};

const ALL_BUCKETS = new Set(Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0')));

const A1 = 'a1000000-0000-4000-8000-000000000001';
const A2 = 'a1000000-0000-4000-8000-000000000002';
const A3 = 'a1f00000-0000-4000-8000-000000000003';
const B1 = 'b2000000-0000-4000-8000-000000000001';
const C1 = 'c3000000-0000-4000-8000-000000000001';

describe('HeldBuckets.differing', () => {
  const held = { [A1]: 1, [A2]: 3, [B1]: 2 };

  it('finds none when the database holds the same rows', () => {
    expect(heldOf(held).differing(sumsOf(held))).toEqual(new Set());
  });

  it('finds the bucket of a changed, an added and a removed row', () => {
    expect(heldOf(held).differing(sumsOf({ ...held, [A2]: 4 }))).toEqual(new Set(['a1']));
    expect(heldOf(held).differing(sumsOf({ ...held, [C1]: 1 }))).toEqual(new Set(['c3']));
    expect(heldOf(held).differing(sumsOf({ [A1]: 1, [A2]: 3 }))).toEqual(new Set(['b2']));
  });

  it('finds a row removed and another added in its bucket with the same version', () => {
    expect(heldOf(held).differing(sumsOf({ [A1]: 1, [A3]: 3, [B1]: 2 }))).toEqual(new Set(['a1']));
  });
});

describe('HeldBuckets.diff', () => {
  it('compares the rows of the given buckets only: changed, added and gone', () => {
    const held = { [A1]: 1, [A2]: 3, [B1]: 2 };
    const now = new Map([
      [A2, 4],
      [A3, 1],
    ]);
    expect(heldOf(held).diff(new Set(['a1']), now)).toEqual({ changed: [A2, A3], gone: [A1] });
  });
});

describe('HeldBuckets.with', () => {
  it('leaves the buckets it came from as they were', () => {
    const before = heldOf({ [A1]: 1, [B1]: 2 });
    const after = before.with([[A1, 2]], [B1]);
    expect(before.differing(sumsOf({ [A1]: 1, [B1]: 2 }))).toEqual(new Set());
    expect(after.differing(sumsOf({ [A1]: 2 }))).toEqual(new Set());
  });

  it('holds after any changes what buckets made anew from the rows would hold', () => {
    const id = fc
      .tuple(fc.constantFrom('a1', 'a2', 'b7', 'ff', '00'), fc.integer({ min: 0, max: 40 }))
      .map(([bucket, n]) => `${bucket}${n.toString(16).padStart(6, '0')}-0000-4000-8000-000000000000`);
    const change = fc.record({
      fresh: fc.array(fc.tuple(id, fc.integer({ min: 1, max: 9 })), { maxLength: 6 }),
      gone: fc.array(id, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(
        fc.dictionary(id, fc.integer({ min: 1, max: 9 })),
        fc.array(change, { maxLength: 8 }),
        (start, changes) => {
          let held = heldOf(start);
          const rows = new Map(Object.entries(start));
          for (const { fresh, gone } of changes) {
            // As a list reads them: a row both gone and read anew is not in one read.
            const freshOnly = fresh.filter(([freshId]) => !gone.includes(freshId));
            held = held.with(freshOnly, gone);
            for (const goneId of gone) rows.delete(goneId);
            for (const [freshId, version] of freshOnly) rows.set(freshId, version);
          }
          const now = Object.fromEntries(rows);
          expect(held.differing(sumsOf(now))).toEqual(new Set());
          expect(held.diff(ALL_BUCKETS, rows)).toEqual({ changed: [], gone: [] });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('goneAfterRead', () => {
  it('leaves out the ids known gone and those asked for that the read did not find', () => {
    expect([...goneAfterRead([B1], [A1, A2, A3], new Set([A2]))].sort()).toEqual([A1, A3, B1].sort());
    expect(goneAfterRead([], [A1], new Set([A1])).size).toBe(0);
  });
});
