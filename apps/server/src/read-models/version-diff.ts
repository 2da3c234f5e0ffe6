/** What differs between the rows held and the versions the database holds now. */
export interface VersionDiff {
  /** Ids whose version differs from the one held, or that are not held: read them. */
  changed: string[];
  /** Ids held that the database no longer has. */
  gone: string[];
}

/**
 * Compares the rows held with every row's version as the database holds it (a write raises a
 * row's version, ADR 13), so that another instance's changes are read row by row instead of
 * reading every row again. One pass over the rows held; the ids of added rows cost a set of the
 * held ids, made only when the counts say some were added.
 */
export const versionDiff = <Row>(
  held: readonly Row[],
  idOf: (row: Row) => string,
  versionOf: (row: Row) => number,
  versions: ReadonlyMap<string, number>,
): VersionDiff => {
  const changed: string[] = [];
  const gone: string[] = [];
  for (const row of held) {
    const id = idOf(row);
    const version = versions.get(id);
    if (version === undefined) gone.push(id);
    else if (version !== versionOf(row)) changed.push(id);
  }
  if (versions.size > held.length - gone.length) {
    const heldIds = new Set(held.map(idOf));
    for (const id of versions.keys()) if (!heldIds.has(id)) changed.push(id);
  }
  return { changed, gone };
};

/**
 * Whether so many rows changed that reading them one by one costs more than reading them all: a
 * few hundred by id are one query; beyond a tenth of the rows a whole read is as cheap.
 */
export const tooManyToReadByVersion = (diff: VersionDiff, heldCount: number): boolean =>
  diff.changed.length + diff.gone.length > Math.max(200, heldCount / 10);
