import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.js';

/** A data source whose fingerprint other "instances" can change behind the cache's back. */
const source = () => {
  const state = { version: 1, computations: 0, fingerprints: 0 };
  return {
    state,
    fingerprint: async () => {
      state.fingerprints += 1;
      return `v${state.version}`;
    },
    compute: (label: string) => async () => {
      state.computations += 1;
      return `${label}@v${state.version}`;
    },
  };
};

describe('answer cache', () => {
  it('computes once per key, also for concurrent callers, then answers synchronously', async () => {
    const data = source();
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => 0 });
    const [a, b] = await Promise.all([cache.get('k', data.compute('k')), cache.get('k', data.compute('k'))]);
    expect([a, b]).toEqual(['k@v1', 'k@v1']);
    expect(data.state.computations).toBe(1);
    expect(cache.get('k', data.compute('k'))).toBe('k@v1');
    expect(await cache.get('other', data.compute('other'))).toBe('other@v1');
    expect(data.state.computations).toBe(2);
  });

  it('drops everything at a local change', async () => {
    const data = source();
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => 0 });
    await cache.get('k', data.compute('k'));
    data.state.version = 2;
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', data.compute('k'))).toBe('k@v2');
  });

  it('finds changes of other instances by the fingerprint, at most once per interval', async () => {
    const data = source();
    let clock = 0;
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => clock, revalidateMs: 1000 });
    await cache.get('k', data.compute('k'));
    await cache.settled();
    data.state.version = 2;
    clock = 500;
    expect(cache.get('k', data.compute('k'))).toBe('k@v1');
    const reads = data.state.fingerprints;
    clock = 1200;
    // This hit starts the check and still gets the old answer; the next one after it the new.
    expect(cache.get('k', data.compute('k'))).toBe('k@v1');
    await cache.settled();
    expect(data.state.fingerprints).toBe(reads + 1);
    expect(await cache.get('k', data.compute('k'))).toBe('k@v2');
    // Nothing changed since: the next check keeps the entries.
    clock = 2500;
    cache.get('k', data.compute('k'));
    await cache.settled();
    expect(cache.get('k', data.compute('k'))).toBe('k@v2');
  });

  it('does not keep an answer computed while the data changed', async () => {
    const data = source();
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => 0 });
    const pending = cache.get('k', async () => {
      cache.invalidate();
      return 'computed during a change';
    });
    expect(await pending).toBe('computed during a change');
    expect(await cache.get('k', data.compute('k'))).toBe('k@v1');
  });

  it('evicts the least recently used entry when full', async () => {
    const data = source();
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => 0, maxEntries: 2 });
    await cache.get('a', data.compute('a'));
    await cache.get('b', data.compute('b'));
    cache.get('a', data.compute('a'));
    await cache.get('c', data.compute('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('a', data.compute('a'))).toBe('a@v1');
    expect(cache.get('b', data.compute('b'))).toBeInstanceOf(Promise);
  });

  it('passes a failed computation to its callers and keeps nothing', async () => {
    const data = source();
    const cache = createAnswerCache({ fingerprint: data.fingerprint, now: () => 0 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', data.compute('k'))).toBe('k@v1');
  });
});
