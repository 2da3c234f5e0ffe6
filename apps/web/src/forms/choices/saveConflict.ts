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
    if (same(theirs[key], base[key]) || same(mine[key], theirs[key])) continue;
    if (same(mine[key], base[key])) taken.push(key);
    else rows.push({ key, theirs: theirs[key] ?? null, mine: mine[key] ?? null });
  }
  return { rows, taken };
};
