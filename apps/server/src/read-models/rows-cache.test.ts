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

  describe('reading single rows', () => {
    /** Rows as `id=value`; the source holds them by id. */
    const keyed = ({
      revalidateMs = Number.POSITIVE_INFINITY,
      now = () => 0,
      byVersion = false,
    }: { revalidateMs?: number; now?: () => number; byVersion?: boolean } = {}) => {
      const held = new Map([
        ['a', 'a=1'],
        ['b', 'b=1'],
        ['c', 'c=1'],
      ]);
      const calls: string[][] = [];
      let loads = 0;
      let fail = false;
      const some = {
        load: async (ids: readonly string[]) => {
          calls.push([...ids]);
          if (fail) throw new Error('down');
          return ids.flatMap((id) => (held.has(id) ? [held.get(id)!] : []));
        },
        merge: (rows: readonly string[], fresh: readonly string[], gone: ReadonlySet<string>) => {
          const byId = new Map(rows.map((row) => [row.split('=')[0]!, row]));
          for (const row of fresh) byId.set(row.split('=')[0]!, row);
          for (const id of gone) byId.delete(id);
          return [...byId.values()].sort();
        },
        idOf: (row: string) => row.split('=')[0]!,
        // A row's value is its version; `besides` stands for the institutions' names.
        others: byVersion
          ? {
              versions: async () => {
                versionReads += 1;
                return new Map([...held].map(([id, row]) => [id, Number(row.split('=')[1])]));
              },
              versionOf: (row: string) => Number(row.split('=')[1]),
              besides: async () => besides,
            }
          : undefined,
      };
      let besides = 'i1';
      let versionReads = 0;
      // What the database looks like: it changes with every row and with `besides`.
      const fingerprint = async () => `${[...held.values()].join(',')}|${besides}`;
      const cache = createRowsCache({
        load: async () => {
          loads += 1;
          return [...held.values()];
        },
        fingerprint: byVersion ? fingerprint : async () => 'f',
        some,
        revalidateMs,
        now,
      });
      return {
        held,
        calls,
        cache,
        loads: () => loads,
        versionReads: () => versionReads,
        failing: (value: boolean) => {
          fail = value;
        },
        renameInstitution: () => {
          besides = 'i2';
        },
      };
    };

    it('reads only the rows a change named: changed, added and removed ones', async () => {
      const { held, calls, cache, loads } = keyed();
      expect(await cache.rows()).toEqual(['a=1', 'b=1', 'c=1']);
      held.set('b', 'b=2');
      held.set('d', 'd=1');
      held.delete('c');
      cache.changed('b');
      cache.changed('d');
      cache.changed('c');
      expect(await cache.rows()).toEqual(['a=1', 'b=2', 'd=1']);
      expect(calls).toEqual([['b', 'd', 'c']]);
      expect(loads()).toBe(1);
    });

    it('reads everything after a change that named no row', async () => {
      const { held, calls, cache, loads } = keyed();
      await cache.rows();
      held.set('a', 'a=2');
      cache.changed('a');
      cache.changed();
      expect(await cache.rows()).toEqual(['a=2', 'b=1', 'c=1']);
      expect(calls).toEqual([]);
      expect(loads()).toBe(2);
    });

    it('keeps the rows pending when their read fails, and reads them at the next call', async () => {
      const { held, calls, cache, failing } = keyed();
      await cache.rows();
      held.set('a', 'a=2');
      cache.changed('a');
      failing(true);
      await expect(cache.rows()).rejects.toThrow('down');
      failing(false);
      expect(await cache.rows()).toEqual(['a=2', 'b=1', 'c=1']);
      expect(calls).toEqual([['a'], ['a']]);
    });

    it('reads a change made while a read of single rows runs before it answers', async () => {
      const { held, cache } = keyed();
      await cache.rows();
      held.set('a', 'a=2');
      cache.changed('a');
      const first = cache.rows();
      held.set('b', 'b=2');
      cache.changed('b');
      expect(await first).toEqual(['a=2', 'b=2', 'c=1']);
    });

    it('on PostgreSQL reads the rows another instance changed, added or removed by their versions', async () => {
      let now = 0;
      const { held, calls, cache, loads, versionReads } = keyed({
        revalidateMs: 1000,
        now: () => now,
        byVersion: true,
      });
      await cache.rows();
      held.set('b', 'b=2');
      held.set('d', 'd=1');
      held.delete('c');
      now = 1500;
      expect(await cache.rows()).toEqual(['a=1', 'b=2', 'd=1']);
      expect(calls).toEqual([['b', 'd']]);
      expect(loads()).toBe(1);
      // The fingerprint it took over is the database's: the next look finds nothing to read.
      now = 3000;
      await cache.rows();
      expect([calls.length, loads(), versionReads()]).toEqual([1, 1, 1]);
    });

    it('on PostgreSQL reads by version after a read of single rows, and everything when an institution changed', async () => {
      let now = 0;
      const { held, calls, cache, loads, renameInstitution } = keyed({
        revalidateMs: 1000,
        now: () => now,
        byVersion: true,
      });
      await cache.rows();
      held.set('a', 'a=2');
      cache.changed('a');
      expect(await cache.rows()).toEqual(['a=2', 'b=1', 'c=1']);
      now = 1500;
      await cache.rows();
      expect([calls.length, loads()]).toEqual([1, 1]);
      renameInstitution();
      now = 3000;
      await cache.rows();
      expect(loads()).toBe(2);
    });

    it('on PostgreSQL reads everything when most rows changed', async () => {
      let now = 0;
      const { held, calls, cache, loads } = keyed({ revalidateMs: 1000, now: () => now, byVersion: true });
      await cache.rows();
      for (let i = 0; i < 300; i += 1) held.set(`n${i}`, `n${i}=1`);
      now = 1500;
      expect(await cache.rows()).toHaveLength(303);
      expect([calls.length, loads()]).toEqual([0, 2]);
    });

    it('on PostgreSQL reads everything at the next look after a read of single rows', async () => {
      let now = 0;
      const { held, calls, cache, loads } = keyed({ revalidateMs: 1000, now: () => now });
      await cache.rows();
      held.set('a', 'a=2');
      cache.changed('a');
      expect(await cache.rows()).toEqual(['a=2', 'b=1', 'c=1']);
      expect([calls.length, loads()]).toEqual([1, 1]);
      // Without versions, its fingerprint says nothing about the rows held after a partial read: the next look reads all.
      now = 1500;
      await cache.rows();
      expect(loads()).toBe(2);
      now = 3000;
      await cache.rows();
      expect(loads()).toBe(2);
    });
  });
});
