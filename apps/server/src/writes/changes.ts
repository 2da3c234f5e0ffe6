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

// A value as JSON has it: dates become strings, undefined properties go, absent is null.
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * Whether two values are the same JSON (absent counts as null): the comparison of stored field
 * values and lists. Objects compare by their keys whatever their order, since jsonb gives its keys
 * back in an order of its own; arrays compare in order.
 */
export const sameJson = (a: unknown, b: unknown): boolean => isDeepStrictEqual(asJson(a), asJson(b));
