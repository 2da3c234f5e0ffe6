/**
 * The first index below `length` for which `before` is false, `before` being true up to some index
 * and false from there on: the place a binary search finds for an entry in a sorted list.
 */
export const firstNotBefore = (length: number, before: (index: number) => boolean): number => {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
