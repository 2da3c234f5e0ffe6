export interface AnswerCache {
  /**
   * The serialized answer for `key`: at once while it is current, otherwise computed by
   * `compute` (one computation per key at a time; concurrent callers share it).
   */
  get(key: string, compute: () => Promise<string>): string | Promise<string>;
  /** Something the answers show changed in this process: every entry is stale from now on. */
  invalidate(): void;
  /** Resolves when no change check runs (tests, shutdown). */
  settled(): Promise<void>;
  readonly size: number;
}

export interface AnswerCacheOptions {
  /** Changes whenever the data behind the answers changes, whichever process changed it. */
  fingerprint: () => Promise<string>;
  maxEntries?: number;
  /** How often at most the fingerprint is read. */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Entry {
  value: string;
  generation: number;
}

/**
 * Serialized answers by key, kept until the data behind them changes (issue 3: lists must stay
 * fast with 10,000 services on an embedded database). A change made in this process invalidates
 * everything at once; changes of other instances are found by reading the fingerprint at most
 * once per revalidateMs (in the background, triggered by a hit), so they show within about a
 * second. The least recently used entries go first when the cache is full.
 */
export const createAnswerCache = ({
  fingerprint,
  maxEntries = 500,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: AnswerCacheOptions): AnswerCache => {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, { generation: number; promise: Promise<string> }>();
  let generation = 0;
  let lastFingerprint: string | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  const check = () => {
    if (checking || now() - checkedAt < revalidateMs) return;
    checkedAt = now();
    checking = fingerprint()
      .then((current) => {
        if (lastFingerprint !== null && current !== lastFingerprint) generation += 1;
        lastFingerprint = current;
      })
      .catch(onError)
      .finally(() => {
        checking = null;
      });
  };

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  return {
    get(key, compute) {
      check();
      const hit = entries.get(key);
      if (hit && hit.generation === generation) {
        // Most recently used goes to the end: eviction takes from the front.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const running = computing.get(key);
      if (running && running.generation === generation) return running.promise;
      const target = generation;
      // Before the data is read, so a change during the computation leaves the entry stale.
      const baseline = lastFingerprint === null ? fingerprint().then((value) => (lastFingerprint ??= value)) : null;
      const promise = (async () => {
        await baseline;
        const value = await compute();
        if (target === generation) store(key, { value, generation: target });
        return value;
      })();
      const job = { generation: target, promise };
      computing.set(key, job);
      const clear = () => {
        if (computing.get(key) === job) computing.delete(key);
      };
      promise.then(clear, clear);
      return promise;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    async settled() {
      while (checking) await checking;
    },
    get size() {
      return entries.size;
    },
  };
};
