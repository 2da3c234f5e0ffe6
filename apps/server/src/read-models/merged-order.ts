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
  const placeOf = added.map((position) => {
    const entry = entries[position]!;
    let lo = 0;
    let hi = before.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(previous[before[mid]!]!, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
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
