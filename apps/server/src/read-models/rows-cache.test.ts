import { describe, expect, it } from 'vitest';
import { createRowsCache } from './rows-cache.js';

const source = () => {
  const state = { rows: ['a'], fingerprint: '1', loads: 0, checks: 0 };
  return {
    state,
    load: async () => {
      state.loads += 1;
      return [...state.rows];
    },
    fingerprint: async () => {
      state.checks += 1;
      return state.fingerprint;
    },
  };
};

describe('rows cache', () => {
  it('reads once, answers from memory until a change here, and shares one read between callers', async () => {
    const { state, load, fingerprint } = source();
    const cache = createRowsCache({ load, fingerprint, revalidateMs: Number.POSITIVE_INFINITY });
    const [first, second] = await Promise.all([cache.rows(), cache.rows()]);
    expect(first).toEqual(['a']);
    expect(second).toBe(first);
    expect(cache.rows()).toBe(first);
    expect(state.loads).toBe(1);
    state.rows = ['a', 'b'];
    cache.changed();
    expect(await cache.rows()).toEqual(['a', 'b']);
    expect(state.loads).toBe(2);
    // On PGlite nothing else writes: the fingerprint is never asked.
    expect(state.checks).toBe(0);
  });

  it('asks the fingerprint at most once per revalidateMs and reads again when another instance changed something', async () => {
    const { state, load, fingerprint } = source();
    let now = 0;
    const cache = createRowsCache({ load, fingerprint, revalidateMs: 1000, now: () => now });
    const rows = await cache.rows();
    now = 500;
    expect(cache.rows()).toBe(rows);
    now = 1500;
    expect(await cache.rows()).toBe(rows);
    expect(state.loads).toBe(1);
    state.rows = ['c'];
    state.fingerprint = '2';
    now = 3000;
    expect(await cache.rows()).toEqual(['c']);
    expect(state.loads).toBe(2);
  });

  it('keeps the rows it has when the fingerprint cannot be read', async () => {
    const { load } = source();
    let now = 0;
    let fail = false;
    const errors: unknown[] = [];
    const cache = createRowsCache({
      load,
      fingerprint: async () => {
        if (fail) throw new Error('down');
        return '1';
      },
      revalidateMs: 1000,
      now: () => now,
      onError: (error) => errors.push(error),
    });
    const rows = await cache.rows();
    fail = true;
    now = 2000;
    expect(await cache.rows()).toBe(rows);
    expect(errors).toHaveLength(1);
  });
});
