/** Which value a field keeps after a save met someone else's change. */
export type ConflictSide = 'theirs' | 'mine';

/** A field both people changed, to different values. */
export interface ConflictRow {
  key: string;
  /** What the other person saved. */
  theirs: unknown;
  /** What this person typed. */
  mine: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A field's value by its key: a key of the record itself (a service field, a policy's JSON
 * Pointer), else a form path (`name.en`, `options.2.points`), so the admin forms compare a list's
 * rows or a pair of languages field by field (ADR 0085).
 */
export const valueAt = (record: unknown, path: string): unknown => {
  if (record !== null && typeof record === 'object' && path in record) return (record as Record<string, unknown>)[path];
  return path
    .split('.')
    .reduce<unknown>(
      (value, part) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined,
      record,
    );
};

/**
 * A save refused because someone else saved first, compared field by field against what the form
 * had read (`base`): a field only they changed takes their value (`taken`); a field only this
 * person changed keeps what was typed; a field both changed differently is a row to choose for.
 */
export const compareForConflict = (
  keys: readonly string[],
  base: Readonly<Record<string, unknown>>,
  mine: Readonly<Record<string, unknown>>,
  theirs: Readonly<Record<string, unknown>>,
): { rows: ConflictRow[]; taken: string[] } => {
  const rows: ConflictRow[] = [];
  const taken: string[] = [];
  for (const key of keys) {
    const [was, typed, saved] = [valueAt(base, key), valueAt(mine, key), valueAt(theirs, key)];
    if (same(saved, was) || same(typed, saved)) continue;
    if (same(typed, was)) taken.push(key);
    else rows.push({ key, theirs: saved ?? null, mine: typed ?? null });
  }
  return { rows, taken };
};
