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

/** The database's sums per bucket of ids (db/bucket-sums.ts) of rows held as `id=version`; ids are hex digits, as a UUID begins. */
const bucketsOf = (held: ReadonlyMap<string, string>) => {
  const buckets = new Map<string, { bucket: string; count: number; versions: number; ids: number }>();
  for (const [id, row] of held) {
    const bucket = id.slice(0, 2);
    const sums = buckets.get(bucket) ?? { bucket, count: 0, versions: 0, ids: 0 };
    sums.count += 1;
    sums.versions += Number(row.split('=')[1]);
    sums.ids += Number.parseInt(id.slice(0, 7), 16);
    buckets.set(bucket, sums);
  }
  return [...buckets.values()];
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
        ['a0000000', 'a0000000=1'],
        ['b0000000', 'b0000000=1'],
        ['c0000000', 'c0000000=1'],
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
              // One look: the fingerprint and `besides`, and the buckets only when the fingerprint is not the one held.
              look: async (heldFingerprint: string | null) => {
                looks.push(heldFingerprint);
                const seen = await fingerprint();
                const differs = heldFingerprint !== null && seen !== heldFingerprint;
                return { fingerprint: seen, besides, buckets: differs ? bucketsOf(held) : null };
              },
              versionsIn: async (buckets: readonly string[]) => {
                versionReads += 1;
                bucketsAsked.push([...buckets].sort());
                return new Map(
                  [...held]
                    .filter(([id]) => buckets.includes(id.slice(0, 2)))
                    .map(([id, row]) => [id, Number(row.split('=')[1])]),
                );
              },
              versionOf: (row: string) => {
                versionsTaken += 1;
                return Number(row.split('=')[1]);
              },
            }
          : undefined,
      };
      let besides = 'i1';
      const looks: (string | null)[] = [];
      let versionReads = 0;
      let versionsTaken = 0;
      const bucketsAsked: string[][] = [];
      // What the database looks like: it changes with every row and with `besides`.
      const fingerprint = async () => `${[...held.values()].join(',')}|${besides}`;
      const cache = createRowsCache({
        load: async () => {
          loads += 1;
          return [...held.values()];
        },
        ...(byVersion ? {} : { fingerprint: async () => 'f' }),
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
        versionsTaken: () => versionsTaken,
        bucketsAsked,
        looks,
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
      expect(await cache.rows()).toEqual(['a0000000=1', 'b0000000=1', 'c0000000=1']);
      held.set('b0000000', 'b0000000=2');
      held.set('d0000000', 'd0000000=1');
      held.delete('c0000000');
      cache.changed('b0000000');
      cache.changed('d0000000');
      cache.changed('c0000000');
      expect(await cache.rows()).toEqual(['a0000000=1', 'b0000000=2', 'd0000000=1']);
      expect(calls).toEqual([['b0000000', 'd0000000', 'c0000000']]);
      expect(loads()).toBe(1);
    });

    it('reads everything after a change that named no row', async () => {
      const { held, calls, cache, loads } = keyed();
      await cache.rows();
      held.set('a0000000', 'a0000000=2');
      cache.changed('a0000000');
      cache.changed();
      expect(await cache.rows()).toEqual(['a0000000=2', 'b0000000=1', 'c0000000=1']);
      expect(calls).toEqual([]);
      expect(loads()).toBe(2);
    });

    it('keeps the rows pending when their read fails, and reads them at the next call', async () => {
      const { held, calls, cache, failing } = keyed();
      await cache.rows();
      held.set('a0000000', 'a0000000=2');
      cache.changed('a0000000');
      failing(true);
      await expect(cache.rows()).rejects.toThrow('down');
      failing(false);
      expect(await cache.rows()).toEqual(['a0000000=2', 'b0000000=1', 'c0000000=1']);
      expect(calls).toEqual([['a0000000'], ['a0000000']]);
    });

    it('reads a change made while a read of single rows runs before it answers', async () => {
      const { held, cache } = keyed();
      await cache.rows();
      held.set('a0000000', 'a0000000=2');
      cache.changed('a0000000');
      const first = cache.rows();
      held.set('b0000000', 'b0000000=2');
      cache.changed('b0000000');
      expect(await first).toEqual(['a0000000=2', 'b0000000=2', 'c0000000=1']);
    });

    it('on PostgreSQL reads the rows another instance changed, added or removed by their versions', async () => {
      let now = 0;
      const { held, calls, cache, loads, versionReads, bucketsAsked, looks } = keyed({
        revalidateMs: 1000,
        now: () => now,
        byVersion: true,
      });
      await cache.rows();
      // A whole read takes the fingerprint and `besides` from a look that holds nothing yet.
      expect(looks).toEqual([null]);
      held.set('b0000000', 'b0000000=2');
      held.set('d0000000', 'd0000000=1');
      held.delete('c0000000');
      now = 1500;
      expect(await cache.rows()).toEqual(['a0000000=1', 'b0000000=2', 'd0000000=1']);
      expect(calls).toEqual([['b0000000', 'd0000000']]);
      expect(loads()).toBe(1);
      // The look that found the change brought the buckets along: no second look.
      expect(looks).toHaveLength(2);
      // The fingerprint it took over is the database's: the next look finds nothing to read.
      now = 3000;
      await cache.rows();
      expect([calls.length, loads(), versionReads(), looks.length]).toEqual([1, 1, 1, 3]);
      // Each look offered the fingerprint held: the first read's, then the one the catch-up took over.
      expect(looks.slice(1)).toEqual(['a0000000=1,b0000000=1,c0000000=1|i1', 'a0000000=1,b0000000=2,d0000000=1|i1']);
      // Only the buckets of the changed, added and removed rows had their versions read.
      expect(bucketsAsked).toEqual([['b0', 'c0', 'd0']]);
    });

    it('on PostgreSQL makes the buckets of the rows in a turn after a whole read, so the first look after a change does not pass over every row', async () => {
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
      // One process on its own database never looks: no buckets.
      const alone = keyed({ byVersion: true });
      await alone.cache.rows();
      await nextTurn();
      expect(alone.versionsTaken()).toBe(0);

      let now = 0;
      const { held, cache, versionsTaken } = keyed({ revalidateMs: 1000, now: () => now, byVersion: true });
      await cache.rows();
      expect(versionsTaken()).toBe(0);
      await nextTurn();
      expect(versionsTaken()).toBe(3);
      held.set('b0000000', 'b0000000=2');
      now = 1500;
      expect(await cache.rows()).toEqual(['a0000000=1', 'b0000000=2', 'c0000000=1']);
      // Only the row read anew had its version taken.
      expect(versionsTaken()).toBe(4);
    });

    it('on PostgreSQL reads by version after a read of single rows, and everything when an institution changed', async () => {
      let now = 0;
      const { held, calls, cache, loads, renameInstitution } = keyed({
        revalidateMs: 1000,
        now: () => now,
        byVersion: true,
      });
      await cache.rows();
      held.set('a0000000', 'a0000000=2');
      cache.changed('a0000000');
      expect(await cache.rows()).toEqual(['a0000000=2', 'b0000000=1', 'c0000000=1']);
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
      for (let i = 0; i < 300; i += 1)
        held.set(`e${i.toString(16).padStart(7, '0')}`, `e${i.toString(16).padStart(7, '0')}=1`);
      now = 1500;
      expect(await cache.rows()).toHaveLength(303);
      expect([calls.length, loads()]).toEqual([0, 2]);
    });

    it('on PostgreSQL reads everything at the next look after a read of single rows', async () => {
      let now = 0;
      const { held, calls, cache, loads } = keyed({ revalidateMs: 1000, now: () => now });
      await cache.rows();
      held.set('a0000000', 'a0000000=2');
      cache.changed('a0000000');
      expect(await cache.rows()).toEqual(['a0000000=2', 'b0000000=1', 'c0000000=1']);
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
