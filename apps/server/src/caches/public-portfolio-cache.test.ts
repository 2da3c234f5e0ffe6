import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../db/schema.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { createPublicPortfolioCache, type CachedAnswer } from './public-portfolio-cache.js';

let test: TestApp;
let world: ServiceWorld;

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
  await createServiceInState(test.database.db, {
    state: 'service_online',
    name: 'Cached service',
    objectOwnerId: world.people.alice!.id,
    providerInstitutionId: world.institutions.HPCN,
  });
});
afterAll(() => test.close());

const names = (answer: CachedAnswer) =>
  (JSON.parse(answer.identity.body.toString('utf8')) as { current: { name: string }[] }).current.map((s) => s.name);

describe('public portfolio cache', () => {
  it('builds once for concurrent first requests, then answers synchronously', async () => {
    const cache = createPublicPortfolioCache({ db: test.database.db, now: () => 0 });
    const first = cache.current();
    const second = cache.current();
    expect(first).toBeInstanceOf(Promise);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(names(a)).toEqual(['Cached service']);
    expect(a.identity.etag).toMatch(/^"[\w-]{32}"$/);
    // Every coding is the same JSON, compressed once, with an ETag of its own.
    expect(gunzipSync(a.gzip.body)).toEqual(a.identity.body);
    expect(brotliDecompressSync(a.br.body)).toEqual(a.identity.body);
    expect(new Set([a.identity.etag, a.gzip.etag, a.br.etag]).size).toBe(3);
    expect(cache.current()).toBe(a);
  });

  it('after a local invalidation the next request waits for the fresh body', async () => {
    const cache = createPublicPortfolioCache({ db: test.database.db, now: () => 0 });
    const before = await cache.current();
    await createServiceInState(test.database.db, {
      state: 'service_full_capacity_reached',
      name: 'Added here',
      objectOwnerId: world.people.alice!.id,
    });
    cache.invalidate();
    const pending = cache.current();
    expect(pending).toBeInstanceOf(Promise);
    const after = await pending;
    expect(names(after)).toEqual(['Added here', 'Cached service']);
    expect(after.identity.etag).not.toBe(before.identity.etag);
  });

  it('waits for a look at other instances’ changes at the first request after a second; requests share it', async () => {
    let clock = 10_000;
    const cache = createPublicPortfolioCache({ db: test.database.db, now: () => clock });
    const before = await cache.current();
    // Another instance renames a service: this process is not told.
    await test.database.db
      .update(services)
      .set({ name: 'Renamed elsewhere', version: sql`${services.version} + 1`, updatedAt: sql`now()` })
      .where(eq(services.name, 'Added here'));
    clock += 500;
    expect(cache.current()).toBe(before);
    clock += 600;
    // However long nobody asked, the first request after the interval waits for the look.
    const [first, second] = [cache.current(), cache.current()];
    expect(first).toBeInstanceOf(Promise);
    const [after, same] = await Promise.all([first, second]);
    expect(same).toBe(after);
    expect(names(after)).toEqual(['Cached service', 'Renamed elsewhere']);
    expect(cache.current()).toBe(after);

    // Nothing changed: the look finds the same fingerprint and keeps the body.
    clock += 2000;
    expect(await cache.current()).toBe(after);
    expect(cache.current()).toBe(after);
  });

  it('asks how often to look at every request: never while notices arrive, at once when they stop', async () => {
    let clock = 50_000;
    let checkMs = Number.POSITIVE_INFINITY;
    const cache = createPublicPortfolioCache({ db: test.database.db, revalidateMs: () => checkMs, now: () => clock });
    const before = await cache.current();
    await test.database.db
      .update(services)
      .set({ name: 'Renamed unheard', version: sql`${services.version} + 1`, updatedAt: sql`now()` })
      .where(eq(services.name, 'Renamed elsewhere'));
    clock += 3_600_000;
    expect(cache.current()).toBe(before);
    // The listener is lost: the first request looks, however recent the body.
    checkMs = 1000;
    expect(names(await cache.current())).toEqual(['Cached service', 'Renamed unheard']);
  });

  it('keeps serving the old body when a rebuild fails', async () => {
    const failing = { fail: false };
    const db = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (failing.fail && (property === 'execute' || property === 'select'))
          return () => Promise.reject(new Error('database away'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const errors: unknown[] = [];
    const cache = createPublicPortfolioCache({ db, now: () => 0, onError: (e) => errors.push(e) });
    const before = await cache.current();
    failing.fail = true;
    cache.invalidate();
    expect(await cache.current()).toBe(before);
    expect(errors).toHaveLength(1);
  });
});
