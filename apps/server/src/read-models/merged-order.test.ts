import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replacedInOrder } from './merged-order.js';

/** Entries as [key, position]: sorted by key, ties by position, as every list's order ends on the id. */
type Entry = readonly [number, number];
const compare = (a: Entry, b: Entry) => a[0] - b[0] || a[1] - b[1];

const sortedPositions = (entries: readonly Entry[]) =>
  Int32Array.from(entries.keys()).sort((a, b) => compare(entries[a]!, entries[b]!));

const rankOf = (positions: Int32Array) => {
  const rank = new Int32Array(positions.length);
  positions.forEach((position, i) => (rank[position] = i));
  return rank;
};

describe('replacedInOrder', () => {
  it('orders entries replaced in place or added as a sort of them all would, with every rank right, change after change', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 30 }),
        // Each step replaces some entries (by index) and adds some.
        fc.array(
          fc.record({
            replaced: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })), { maxLength: 5 }),
            added: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.boolean(),
        (keys, steps, withRank) => {
          let entries: Entry[] = keys.map((key, position) => [key, position]);
          let positions: Int32Array = sortedPositions(entries);
          let rank: Int32Array | undefined = withRank ? rankOf(positions) : undefined;
          for (const step of steps) {
            const next = [...entries];
            for (const [at, key] of step.replaced) next[at % entries.length] = [key, at % entries.length];
            for (const key of step.added) next.push([key, next.length]);
            const changed = [
              ...new Set(step.replaced.map(([at]) => at % entries.length)),
              ...[...next.keys()].filter((position) => position >= entries.length),
            ];
            ({ positions, rank } = replacedInOrder(positions, next, compare, changed, rank));
            entries = next;
            const expected = sortedPositions(entries);
            expect([...positions]).toEqual([...expected]);
            if (withRank) expect([...rank!]).toEqual([...rankOf(expected)]);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
