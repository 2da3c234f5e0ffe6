import { describe, expect, it } from 'vitest';
import { differingBuckets, versionDiff, type HeldVersions } from './version-diff.js';

/** Rows as id → version; ids are UUIDs, bucketed by their first two hex digits. */
const heldOf =
  (rows: Record<string, number>): HeldVersions =>
  (visit) => {
    for (const [id, version] of Object.entries(rows)) visit(id, version);
  };

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

const A1 = 'a1000000-0000-4000-8000-000000000001';
const A2 = 'a1000000-0000-4000-8000-000000000002';
const A3 = 'a1f00000-0000-4000-8000-000000000003';
const B1 = 'b2000000-0000-4000-8000-000000000001';
const C1 = 'c3000000-0000-4000-8000-000000000001';

describe('differingBuckets', () => {
  const held = { [A1]: 1, [A2]: 3, [B1]: 2 };

  it('finds none when the database holds the same rows', () => {
    expect(differingBuckets(heldOf(held), sumsOf(held))).toEqual(new Set());
  });

  it('finds the bucket of a changed, an added and a removed row', () => {
    expect(differingBuckets(heldOf(held), sumsOf({ ...held, [A2]: 4 }))).toEqual(new Set(['a1']));
    expect(differingBuckets(heldOf(held), sumsOf({ ...held, [C1]: 1 }))).toEqual(new Set(['c3']));
    expect(differingBuckets(heldOf(held), sumsOf({ [A1]: 1, [A2]: 3 }))).toEqual(new Set(['b2']));
  });

  it('finds a row removed and another added in its bucket with the same version', () => {
    expect(differingBuckets(heldOf(held), sumsOf({ [A1]: 1, [A3]: 3, [B1]: 2 }))).toEqual(new Set(['a1']));
  });
});

describe('versionDiff', () => {
  it('compares the rows of the given buckets only: changed, added and gone', () => {
    const held = { [A1]: 1, [A2]: 3, [B1]: 2 };
    const now = new Map([
      [A2, 4],
      [A3, 1],
    ]);
    expect(versionDiff(heldOf(held), new Set(['a1']), now)).toEqual({ changed: [A2, A3], gone: [A1] });
  });
});
