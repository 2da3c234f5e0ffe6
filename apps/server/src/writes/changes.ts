import { isDeepStrictEqual } from 'node:util';

/**
 * What an update changes: the values of `next` (undefined ones left out) that differ from
 * `current`'s, old → new for the audit event; `after` is also what to write. Nothing: null.
 */
export const changesOf = <T extends object>(
  current: T,
  next: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null => {
  const keys = (Object.keys(next) as (keyof T)[]).filter(
    (key) => next[key] !== undefined && !isDeepStrictEqual(current[key], next[key]),
  );
  if (keys.length === 0) return null;
  const pick = (values: Partial<T>) => Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<T>;
  return { before: pick(current), after: pick(next) };
};

/** Whether two values are the same JSON (absent counts as null): the comparison of stored field values and lists. */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
