import { firstNotBefore } from './binary-search.js';

/**
 * An order of `entries` from their order before a change (`before`, positions in `previous`):
 * its positions mapped to the new ones (`moved`; -1 drops one), with the `fresh` positions sorted
 * by `compare` and put where they belong. Each fresh one finds its place by a binary search over
 * the order before, whose entries are sorted by the same comparison, so a change of a few rows
 * compares a few dozen entries instead of every one (the walk over every entry, comparing as it
 * went, took about a millisecond per order at 10,000 services, bench/README.md). The portfolio
 * lists and the contact list keep their orders this way.
 */
export const mergedOrder = <Entry>(
  previous: readonly Entry[],
  entries: readonly Entry[],
  compare: (a: Entry, b: Entry) => number,
  before: Int32Array,
  moved: Int32Array,
  fresh: readonly number[],
): Int32Array => {
  const added = [...fresh].sort((a, b) => compare(entries[a]!, entries[b]!));
  const placeOf = added.map((position) =>
    firstNotBefore(before.length, (i) => compare(previous[before[i]!]!, entries[position]!) < 0),
  );
  const positions = new Int32Array(entries.length);
  let at = 0;
  let next = 0;
  for (let i = 0; i < before.length; i += 1) {
    while (next < added.length && placeOf[next] === i) positions[at++] = added[next++]!;
    const kept = moved[before[i]!]!;
    if (kept >= 0) positions[at++] = kept;
  }
  while (next < added.length) positions[at++] = added[next++]!;
  return positions;
};

/**
 * An order after the entries at the `changed` positions were replaced in place or added after the
 * others, every other entry keeping its position (a change that removes none): each changed one
 * is taken out and put back where it now sorts, found by binary search, and the runs between move
 * by native copies, where mergedOrder visits every position. With `rank` (each position's index in
 * the order) the changed ones are found by it, and the ranks that moved are updated in a copy.
 */
export const replacedInOrder = <Entry>(
  before: Int32Array,
  entries: readonly Entry[],
  compare: (a: Entry, b: Entry) => number,
  changed: readonly number[],
  rank?: Int32Array,
): { positions: Int32Array; rank: Int32Array | undefined } => {
  const positions = new Int32Array(entries.length);
  positions.set(before);
  let length = before.length;
  // Taken out from the back, so the indices of those still to take stay as they were; added ones
  // were in no order before.
  const taken = changed
    .filter((position) => position < before.length)
    .map((position) => rank?.[position] ?? before.indexOf(position))
    .sort((a, b) => b - a);
  for (const index of taken) {
    positions.copyWithin(index, index + 1, length);
    length -= 1;
  }
  /** Where the changed ones are, moved along as later ones go in before them. */
  const put: number[] = [];
  for (const position of changed) {
    const entry = entries[position]!;
    const lo = firstNotBefore(length, (i) => compare(entries[positions[i]!]!, entry) < 0);
    positions.copyWithin(lo + 1, lo, length);
    positions[lo] = position;
    length += 1;
    for (let i = 0; i < put.length; i += 1) if (put[i]! >= lo) put[i] = put[i]! + 1;
    put.push(lo);
  }
  if (!rank) return { positions, rank: undefined };
  // Only entries between the first and the last index taken from or put to changed their rank,
  // and, when some were added, every one after them.
  const ranks = new Int32Array(entries.length);
  ranks.set(rank);
  const touched = [...taken, ...put];
  const last = entries.length > before.length ? entries.length - 1 : Math.max(...touched);
  for (let i = Math.min(...touched); i <= last; i += 1) ranks[positions[i]!] = i;
  return { positions, rank: ranks };
};
