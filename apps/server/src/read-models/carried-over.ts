/**
 * How a list's entries changed, position by position: in place (every entry kept its position,
 * `changed` ones hold new entries, new ones were added after the others), or moved (`moved` maps
 * each old position to its new one, -1 for one left out or read anew; `fresh` are the new
 * positions of the entries read anew).
 */
export type EntriesChange =
  { readonly changed: readonly number[] } | { readonly moved: Int32Array; readonly fresh: readonly number[] };

/**
 * Makes a value for the entries after a change (`entries`) from the value for the entries before
 * it (`previous`).
 */
export type Replay<T, Entry> = (
  before: T,
  change: EntriesChange,
  previous: readonly Entry[],
  entries: readonly Entry[],
) => T;

/**
 * How many changes a value may wait behind before it is worked out anyway: a change that moved
 * entries keeps an array as long as the list until then.
 */
export const MAX_WAITING_CHANGES = 16;

/**
 * The changes since `previous` as one: in place when each was (the changed positions of all of
 * them), else moved, each position of `previous` followed through every change. Every entry not
 * named by a change is the same object in `previous` and in `entries`, so one replay of the
 * composed change gives what a replay of each in turn would.
 */
export const composedChange = (
  previous: readonly unknown[],
  entries: readonly unknown[],
  changes: readonly EntriesChange[],
): EntriesChange => {
  if (changes.length === 1) return changes[0]!;
  if (changes.every((change) => 'changed' in change)) {
    const changed = new Set<number>();
    for (const change of changes)
      for (const position of (change as { changed: readonly number[] }).changed) changed.add(position);
    return { changed: [...changed] };
  }
  // Each position's place in `previous` (-1: read anew since), change by change.
  let origin = Int32Array.from(previous.keys());
  for (const change of changes) {
    if ('changed' in change) {
      const length = Math.max(origin.length, ...change.changed.map((position) => position + 1));
      if (length > origin.length) {
        const grown = new Int32Array(length).fill(-1);
        grown.set(origin);
        origin = grown;
      }
      for (const position of change.changed) origin[position] = -1;
    } else {
      const next = new Int32Array(change.fresh.length + countKept(change.moved)).fill(-1);
      for (let old = 0; old < change.moved.length; old += 1) {
        const position = change.moved[old]!;
        if (position >= 0) next[position] = origin[old]!;
      }
      origin = next;
    }
  }
  const moved = new Int32Array(previous.length).fill(-1);
  const fresh: number[] = [];
  for (let position = 0; position < entries.length; position += 1) {
    const from = origin[position]!;
    if (from >= 0) moved[from] = position;
    else fresh.push(position);
  }
  return { moved, fresh };
};

const countKept = (moved: Int32Array) => {
  let kept = 0;
  for (let i = 0; i < moved.length; i += 1) if (moved[i]! >= 0) kept += 1;
  return kept;
};

interface Waiting<T, Entry> {
  before: CarriedOver<T, Entry>;
  changes: readonly EntriesChange[];
}

/**
 * A part of a list's index (an order, the search index) that follows from the one before a change
 * and is worked out when first asked for, not at the change, with every change it waited behind
 * replayed as one (docs/adr/0065-list-parts-carried-over-when-asked.md). Most changes are followed
 * by a query of one order, so carrying every order over at each change was most of a change's
 * garbage: two arrays as long as the list for each order asked since the start.
 */
export class CarriedOver<T, Entry> {
  #value: T | undefined;
  /** What the value is made from while it waits: the last value worked out and the changes since. */
  #waiting: Waiting<T, Entry> | null;

  private constructor(
    value: T | undefined,
    waiting: Waiting<T, Entry> | null,
    /** The entries the value is for. */
    private readonly entries: readonly Entry[],
    private readonly replay: Replay<T, Entry>,
  ) {
    this.#value = value;
    this.#waiting = waiting;
  }

  /** A value worked out for `entries`. */
  static of<T, Entry>(value: T, entries: readonly Entry[], replay: Replay<T, Entry>): CarriedOver<T, Entry> {
    return new CarriedOver<T, Entry>(value, null, entries, replay);
  }

  /** Changes it still waits behind (0: worked out). */
  get waitingChanges(): number {
    return this.#waiting?.changes.length ?? 0;
  }

  /** The value for `entries`, which `change` made of this value's entries. */
  after(change: EntriesChange, entries: readonly Entry[]): CarriedOver<T, Entry> {
    if (this.waitingChanges >= MAX_WAITING_CHANGES) this.get();
    const waiting: Waiting<T, Entry> = this.#waiting
      ? { before: this.#waiting.before, changes: [...this.#waiting.changes, change] }
      : { before: this, changes: [change] };
    return new CarriedOver<T, Entry>(undefined, waiting, entries, this.replay);
  }

  /** The value, worked out now if it waits; what the replay needed is let go then. */
  get(): T {
    if (this.#waiting) {
      const { before, changes } = this.#waiting;
      const change = composedChange(before.entries, this.entries, changes);
      this.#value = this.replay(before.get(), change, before.entries, this.entries);
      this.#waiting = null;
    }
    return this.#value as T;
  }
}
