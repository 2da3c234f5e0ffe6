import type { Principal } from '@nubes/domain';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { institutions, services } from '../db/schema.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { createServiceListIndex } from './service-list-index.js';
import type { ServiceListSnapshot } from './service-list-snapshot.js';

let test: TestApp;
let world: ServiceWorld;
let caller: { principal: Principal; institutionId: null };

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
  for (const state of ['application_draft', 'service_planned', 'service_online', 'service_retired'] as const)
    await createServiceInState(test.database.db, { state, objectOwnerId: world.people.alice!.id });
  caller = {
    principal: { id: 'portfolio', username: 'paula', roles: ['servicePortfolioManager'] },
    institutionId: null,
  };
});
afterAll(() => test.close());

const names = (snapshot: ServiceListSnapshot, q: string) =>
  snapshot.query({ q }, caller, 'name', 'asc', { limit: 100, offset: 0 }).rows.map((row) => row.name);

/** Counts the statements the index sends, to tell a read of one service from a read of all. */
const countingDb = (db: Db) => {
  const counts = { selects: 0 };
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(inner, property, receiver) {
        if (property === 'select') counts.selects += 1;
        if (property === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>, config: unknown) =>
            inner.transaction((tx) => fn(wrap(tx as unknown as Db)), config as never);
        return Reflect.get(inner, property, receiver) as unknown;
      },
    });
  return { db: wrap(db), counts };
};

/**
 * Notes when each select is sent (its table, at `from`) and when its rows came back, to tell
 * statements run one after another from statements run side by side.
 */
const orderingDb = (db: Db) => {
  const events: string[] = [];
  /** A query after `from`: its chain keeps the proxy, its `then` notes the events. */
  const traced = (query: object, table: string): object =>
    new Proxy(query, {
      get(inner, property, receiver) {
        const value = Reflect.get(inner, property, receiver) as unknown;
        if (property === 'then')
          return (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) => {
            events.push(`sent ${table}`);
            return (value as PromiseLike<unknown>['then']).call(
              inner,
              (rows) => {
                events.push(`read ${table}`);
                return resolve(rows);
              },
              reject,
            );
          };
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = (value as (...args: unknown[]) => unknown).apply(inner, args);
          return result === inner ? receiver : result;
        };
      },
    });
  const wrapped = new Proxy(db, {
    get(inner, property, receiver) {
      if (property === 'select')
        return (...args: Parameters<Db['select']>) => {
          const builder = inner.select(...args);
          return {
            from: (source: PgTable) => traced(builder.from(source), getTableName(source)),
          };
        };
      return Reflect.get(inner, property, receiver) as unknown;
    },
  });
  return { db: wrapped, events };
};

const rename = (db: Db, from: string, to: string) =>
  db
    .update(services)
    .set({ name: to, version: sql`${services.version} + 1`, updatedAt: sql`now()` })
    .where(eq(services.name, from));

describe('service list index', () => {
  it('reads everything once, then only the service a local change names, before the next answer', async () => {
    const { db, counts } = countingDb(test.database.db);
    const index = createServiceListIndex({ db, revalidateMs: Number.POSITIVE_INFINITY });
    const [first, second] = [index.snapshot(), index.snapshot()];
    expect(first).toBeInstanceOf(Promise);
    const snapshot = await first;
    expect(await second).toBe(snapshot);
    expect(index.snapshot()).toBe(snapshot);
    const total = snapshot.size;
    expect(total).toBe(4);

    const created = await createServiceInState(test.database.db, {
      state: 'service_online',
      name: 'Indexed Quasar',
      objectOwnerId: world.people.alice!.id,
    });
    // Not told yet: the snapshot stays as it was.
    expect(names(index.snapshot() as ServiceListSnapshot, 'quasar')).toEqual([]);
    counts.selects = 0;
    index.changed(created.id);
    const after = await index.snapshot();
    expect(names(after, 'quasar')).toEqual(['Indexed Quasar']);
    expect(after.size).toBe(total + 1);
    // Three small selects: the service with its provider, its admins, its keywords.
    expect(counts.selects).toBe(3);

    await test.database.db.delete(services).where(eq(services.id, created.id));
    index.changed(created.id);
    expect((await index.snapshot()).size).toBe(total);
    // The old snapshot is unchanged for whoever still holds it.
    expect(names(after, 'quasar')).toEqual(['Indexed Quasar']);
  });

  it('a change announced while a read runs is in the snapshot that read answers', async () => {
    // The first read is held after it has read the rows, until the change has been announced.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const db = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Db['transaction']>) => {
          reads += 1;
          const result = await target.transaction(...args);
          if (reads === 1) await held;
          return result;
        };
      },
    });
    const index = createServiceListIndex({ db, revalidateMs: Number.POSITIVE_INFINITY });
    const reading = index.snapshot();
    while (reads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const created = await createServiceInState(test.database.db, {
      state: 'service_online',
      name: 'Indexed Nebula',
      objectOwnerId: world.people.alice!.id,
    });
    index.changed(created.id);
    release();
    expect(names(await reading, 'nebula')).toEqual(['Indexed Nebula']);
    expect(reads).toBe(2);
  });

  it('a request that comes while a local change is being read waits for that read', async () => {
    const index = createServiceListIndex({ db: test.database.db, revalidateMs: Number.POSITIVE_INFINITY });
    await index.snapshot();
    const created = await createServiceInState(test.database.db, {
      state: 'service_online',
      name: 'Indexed Pulsar',
      objectOwnerId: world.people.alice!.id,
    });
    index.changed(created.id);
    // Two requests after the change's commit (the changer's list and dashboard, say): the first
    // starts reading the change, the second must not answer from the snapshot before it.
    const [first, second] = [index.snapshot(), index.snapshot()];
    expect(names(await first, 'pulsar')).toEqual(['Indexed Pulsar']);
    expect(names(await second, 'pulsar')).toEqual(['Indexed Pulsar']);
  });

  it('waits for a look at other instances’ changes when the last is older than revalidateMs; requests share it', async () => {
    let clock = 10_000;
    const index = createServiceListIndex({ db: test.database.db, now: () => clock });
    const before = await index.snapshot();
    await rename(test.database.db, 'Indexed Nebula', 'Renamed Elsewhere');
    clock += 500;
    // Within the interval: answered at once from the snapshot.
    expect(index.snapshot()).toBe(before);
    clock += 600;
    // However long nobody asked, the first request after the interval waits for the look.
    const [first, second] = [index.snapshot(), index.snapshot()];
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const after = await first;
    expect(names(after, 'renamed')).toEqual(['Renamed Elsewhere']);
    expect(index.snapshot()).toBe(after);

    // Nothing changed since: the fingerprint matches and the snapshot stays.
    clock += 2000;
    expect(await index.snapshot()).toBe(after);
    expect(index.snapshot()).toBe(after);
  });

  it('reads other instances’ changes service by service, and everything when what the lists show besides the services changed', async () => {
    let clock = 90_000;
    const index = createServiceListIndex({ db: test.database.db, now: () => clock });
    const all = (snapshot: ServiceListSnapshot) =>
      snapshot.query({}, caller, 'name', 'asc', { limit: 1000, offset: 0 }).rows;
    const before = await index.snapshot();
    const [kept, changed] = all(before);
    await test.database.db
      .update(services)
      .set({
        name: 'Changed Elsewhere',
        providerInstitutionId: Object.values(world.institutions)[0]!,
        version: sql`${services.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(services.id, changed!.id));
    clock += 1500;
    const after = await index.snapshot();
    expect(names(after, 'elsewhere')).toContain('Changed Elsewhere');
    // The services that did not change were not read again: their rows are the ones held before.
    expect(all(after).find((row) => row.id === kept!.id)).toBe(kept);
    expect(after.size).toBe(before.size);

    // A provider's new name shows in many rows without a new service version: everything is read.
    await test.database.db
      .update(institutions)
      .set({ name: sql`${institutions.name} || ' (renamed)'`, version: sql`${institutions.version} + 1` });
    clock += 1500;
    const renamed = await index.snapshot();
    expect(all(renamed).find((row) => row.id === kept!.id)).not.toBe(kept);
    // A change made here is read at once; the next look finds nothing else changed and keeps
    // the rows, and the one after it finds the fingerprint it took over current.
    await test.database.db
      .update(services)
      .set({ name: 'Changed Here', version: sql`${services.version} + 1`, updatedAt: sql`now()` })
      .where(eq(services.id, changed!.id));
    index.changed(changed!.id);
    const local = await index.snapshot();
    expect(names(local, 'here')).toEqual(['Changed Here']);
    clock += 1500;
    const looked = await index.snapshot();
    expect(all(looked).find((row) => row.id === kept!.id)).toBe(all(local).find((row) => row.id === kept!.id));
    clock += 1500;
    expect(await index.snapshot()).toBe(looked);

    const providers = all(renamed).flatMap((row) => (row.providerName ? [row.providerName] : []));
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((name) => name.endsWith(' (renamed)'))).toBe(true);
  });

  it('reads another instance’s changed service before its admins and keywords, so they are never older than its version', async () => {
    let clock = 70_000;
    const { db, events } = orderingDb(test.database.db);
    const index = createServiceListIndex({ db, now: () => clock });
    const [row] = (await index.snapshot()).query({}, caller, 'name', 'asc', { limit: 1, offset: 0 }).rows;
    await test.database.db
      .update(services)
      .set({ name: 'Nebula Elsewhere', version: sql`${services.version} + 1`, updatedAt: sql`now()` })
      .where(eq(services.id, row!.id));
    events.length = 0;
    clock += 1500;
    expect(names(await index.snapshot(), 'elsewhere')).toEqual(['Nebula Elsewhere']);
    // The versions of the differing buckets, then the changed service: both from services.
    const at = (event: string) => events.lastIndexOf(event);
    expect(events.filter((event) => event === 'read services')).toHaveLength(2);
    // Outside a transaction the admins and keywords are read after the service, side by side.
    expect(at('sent service_admins')).toBeGreaterThan(at('read services'));
    expect(at('sent service_keywords')).toBeGreaterThan(at('read services'));
    expect(Math.max(at('sent service_admins'), at('sent service_keywords'))).toBeLessThan(
      Math.min(at('read service_admins'), at('read service_keywords')),
    );
    await rename(test.database.db, 'Nebula Elsewhere', row!.name);
  });

  it('answers the snapshot it has when the look at other instances fails, and looks again next time', async () => {
    let clock = 50_000;
    const failing = { fail: false };
    const errors: unknown[] = [];
    const db = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (failing.fail && (property === 'execute' || property === 'transaction'))
          return () => Promise.reject(new Error('database away'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const index = createServiceListIndex({ db, now: () => clock, onError: (error) => errors.push(error) });
    const before = await index.snapshot();
    failing.fail = true;
    clock += 1500;
    expect(await index.snapshot()).toBe(before);
    expect(errors).toHaveLength(1);
    failing.fail = false;
    expect(await index.snapshot()).toBe(before);
  });

  it('after a failed read the next request tries again', async () => {
    const failing = { fail: true };
    const db = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (failing.fail && property === 'transaction') return () => Promise.reject(new Error('database away'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const index = createServiceListIndex({ db, revalidateMs: Number.POSITIVE_INFINITY });
    await expect(index.snapshot()).rejects.toThrow('database away');
    failing.fail = false;
    expect((await index.snapshot()).size).toBeGreaterThan(4);
  });
});
