import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CarriedOver, MAX_WAITING_CHANGES, type EntriesChange } from './carried-over.js';
import { mergedOrder, replacedInOrder } from './merged-order.js';

/** Entries are objects, as a list's are: a change puts new objects where it changed something. */
interface Entry {
  key: number;
}

const compare = (a: Entry, b: Entry) => a.key - b.key;

const sortedPositions = (entries: readonly Entry[]) =>
  Int32Array.from(entries.keys()).sort((i, j) => compare(entries[i]!, entries[j]!) || i - j);

/** The keys in order, which is what an order must get right whatever it does with equal keys. */
const keysInOrder = (entries: readonly Entry[], positions: Int32Array) => [...positions].map((p) => entries[p]!.key);

const orderAfter = (
  before: Int32Array,
  change: EntriesChange,
  previous: readonly Entry[],
  entries: readonly Entry[],
) =>
  'changed' in change
    ? replacedInOrder(before, entries, compare, change.changed).positions
    : mergedOrder(previous, entries, compare, before, change.moved, change.fresh);

describe('CarriedOver', () => {
  it('gives after any run of changes, asked at any step, what sorting the entries anew gives', () => {
    // A step replaces some entries in place (and adds some after the others), or removes some and
    // reads some anew, which moves the others; it is asked for afterwards or not.
    const stepArbitrary = fc.record({
      inPlace: fc.boolean(),
      changed: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })), { maxLength: 3 }),
      added: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
      removed: fc.array(fc.nat(), { maxLength: 2 }),
      // Seldom, so that runs of changes nobody asks between outgrow MAX_WAITING_CHANGES.
      asked: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 15 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: MAX_WAITING_CHANGES * 2 + 3, size: 'max' }),
        (initial, steps) => {
          let entries: Entry[] = initial.map((key) => ({ key }));
          let order = CarriedOver.of(sortedPositions(entries), entries, orderAfter);
          let waitedAtMost = 0;
          for (const step of steps) {
            const previous = entries;
            let change: EntriesChange;
            if (step.inPlace || previous.length === 0) {
              const next = previous.slice();
              const changed = new Set<number>();
              for (const [at, key] of step.changed) {
                if (next.length === 0) break;
                const position = at % next.length;
                next[position] = { key };
                changed.add(position);
              }
              for (const key of step.added) {
                changed.add(next.length);
                next.push({ key });
              }
              entries = next;
              change = { changed: [...changed] };
            } else {
              const gone = new Set(step.removed.map((at) => at % previous.length));
              const readAnew = new Map(step.changed.map(([at, key]) => [at % previous.length, key]));
              const next: Entry[] = [];
              const moved = new Int32Array(previous.length).fill(-1);
              const fresh: number[] = [];
              previous.forEach((entry, old) => {
                if (gone.has(old)) return;
                const key = readAnew.get(old);
                if (key === undefined) moved[old] = next.length;
                else fresh.push(next.length);
                next.push(key === undefined ? entry : { key });
              });
              for (const key of step.added) {
                fresh.push(next.length);
                next.push({ key });
              }
              entries = next;
              change = { moved, fresh };
            }
            order = order.after(change, entries);
            waitedAtMost = Math.max(waitedAtMost, order.waitingChanges);
            if (step.asked) {
              expect(keysInOrder(entries, order.get())).toEqual(keysInOrder(entries, sortedPositions(entries)));
              expect(order.waitingChanges).toBe(0);
            }
          }
          expect(keysInOrder(entries, order.get())).toEqual(keysInOrder(entries, sortedPositions(entries)));
          expect([...order.get()].sort((a, b) => a - b)).toEqual([...entries.keys()]);
          expect(waitedAtMost).toBeLessThanOrEqual(MAX_WAITING_CHANGES);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('works a waiting value out once, however often it is asked', () => {
    let replays = 0;
    const entries = [{ key: 2 }, { key: 1 }];
    const count = (before: Int32Array, change: EntriesChange, previous: readonly Entry[], next: readonly Entry[]) => {
      replays += 1;
      return orderAfter(before, change, previous, next);
    };
    const next = [{ key: 0 }, entries[1]!];
    const order = CarriedOver.of(sortedPositions(entries), entries, count).after({ changed: [0] }, next);
    expect(replays).toBe(0);
    expect([...order.get()]).toEqual([0, 1]);
    expect([...order.get()]).toEqual([0, 1]);
    expect(replays).toBe(1);
  });
});
