/**
 * A map that keeps at most `capacity` entries and forgets the least recently used first: the one
 * way the in-memory read models keep what they worked out per view, person or field.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value kept under `key`, which is now the most recently used; undefined when none is kept. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order: inserted anew, the key goes to the end, the oldest stays first.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` under `key` as the most recently used, forgetting the least recently used beyond the capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The value kept under `key`, or the one `make` gives, kept from now on. */
  getOrMake(key: K, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = make();
      this.set(key, value);
    }
    return value;
  }
}
