import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../commands/ensure-admin.js';
import { upsertSsoUser } from '../commands/upsert-sso-user.js';
import { users } from '../db/schema.js';
import { bearer, createTestApp, sessionToken, type TestApp } from '../test/harness.js';
import type { AuthUser } from './principal.js';
import { createPrincipalCache } from './principal-cache.js';
import { writesFor } from '../writes/after-commit.js';

const person = (id: string, roles: AuthUser['roles'] = []): AuthUser => ({
  id,
  username: id,
  fullname: id,
  email: '',
  roles,
  institutionId: null,
});

/** A loader that counts its calls and answers from a table the test changes. */
const countingLoader = () => {
  const stored = new Map<string, AuthUser>();
  const calls: string[] = [];
  return {
    stored,
    calls,
    load: (userId: string) => {
      calls.push(userId);
      return Promise.resolve(stored.get(userId) ?? null);
    },
  };
};

describe('createPrincipalCache', () => {
  it('loads a user once per TTL, concurrent requests sharing the load', async () => {
    let clock = 0;
    const loader = countingLoader();
    loader.stored.set('u1', person('u1', ['serviceProvider']));
    const cache = createPrincipalCache({ load: loader.load, ttlMs: 1000, now: () => clock });
    const [a, b] = await Promise.all([cache.get('u1'), cache.get('u1')]);
    expect(a).toEqual(person('u1', ['serviceProvider']));
    expect(b).toBe(a);
    expect(loader.calls).toEqual(['u1']);

    // Changed by another instance: this one still uses what it read, until the TTL is over.
    loader.stored.set('u1', person('u1'));
    clock = 999;
    expect((await cache.get('u1'))?.roles).toEqual(['serviceProvider']);
    clock = 1000;
    expect((await cache.get('u1'))?.roles).toEqual([]);
    expect(loader.calls).toEqual(['u1', 'u1']);
  });

  it('reads a forgotten user fresh at once, also when the change came during a load', async () => {
    const loader = countingLoader();
    loader.stored.set('u1', person('u1', ['servicePortfolioManager']));
    const cache = createPrincipalCache({ load: loader.load, now: () => 0 });
    expect((await cache.get('u1'))?.roles).toEqual(['servicePortfolioManager']);
    loader.stored.set('u1', person('u1'));
    cache.forget('u1');
    expect((await cache.get('u1'))?.roles).toEqual([]);

    // A load that started before the change is not kept after it.
    loader.stored.set('u1', person('u1', ['servicePortfolioManager']));
    cache.forget('u1');
    const inFlight = cache.get('u1');
    loader.stored.set('u1', person('u1'));
    cache.forget('u1');
    expect((await inFlight)?.roles).toEqual(['servicePortfolioManager']);
    expect((await cache.get('u1'))?.roles).toEqual([]);
  });

  it('asks its TTL at every request, so a shorter one counts for principals loaded before; forgets all at once', async () => {
    let clock = 0;
    let ttl = 60_000;
    const loader = countingLoader();
    loader.stored.set('u1', person('u1'));
    loader.stored.set('u2', person('u2'));
    const cache = createPrincipalCache({ load: loader.load, ttlMs: () => ttl, now: () => clock });
    await cache.get('u1');
    clock = 30_000;
    await cache.get('u1');
    expect(loader.calls).toEqual(['u1']);
    // The listener is lost: the short TTL applies to what was loaded while it listened.
    ttl = 1000;
    await cache.get('u1');
    expect(loader.calls).toEqual(['u1', 'u1']);

    await cache.get('u2');
    cache.forgetAll();
    await Promise.all([cache.get('u1'), cache.get('u2')]);
    expect(loader.calls).toEqual(['u1', 'u1', 'u2', 'u1', 'u2']);
  });

  it('keeps unknown users briefly, failed loads not at all, and at most maxEntries users', async () => {
    let fail = true;
    const calls: string[] = [];
    const cache = createPrincipalCache({
      load: (userId) => {
        calls.push(userId);
        return fail && userId === 'flaky' ? Promise.reject(new Error('database away')) : Promise.resolve(null);
      },
      maxEntries: 2,
      now: () => 0,
    });
    await expect(cache.get('flaky')).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get('flaky')).toBeNull();
    expect(await cache.get('flaky')).toBeNull();
    expect(calls).toEqual(['flaky', 'flaky']);

    await cache.get('u2');
    await cache.get('u3');
    expect(cache.size).toBe(2);
    // The oldest ("flaky") went first.
    await cache.get('flaky');
    expect(calls).toEqual(['flaky', 'flaky', 'u2', 'u3', 'flaky']);
  });
});

describe('roles changed in this process count at the next request', () => {
  let test: TestApp;
  const mapping = { prefix: 'urn:test:role:', map: {} };
  const claims = { issuer: 'https://idp.test.example', sub: 'cache-1', preferredUsername: 'petra' };

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const listServices = (token: string) =>
    test.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) });

  it('an entitlement taken away at the next login', async () => {
    const granted = await upsertSsoUser(
      writesFor(test.database),
      { ...claims, entitlements: ['urn:test:role:servicePortfolioManager'] },
      mapping,
    );
    const token = await sessionToken(test, granted);
    expect((await listServices(token)).statusCode).toBe(200);
    expect((await listServices(token)).statusCode).toBe(200);

    await upsertSsoUser(writesFor(test.database), { ...claims, entitlements: [] }, mapping);
    expect((await listServices(token)).statusCode).toBe(403);

    await upsertSsoUser(
      writesFor(test.database),
      { ...claims, entitlements: ['urn:test:role:serviceProvider'] },
      mapping,
    );
    expect((await listServices(token)).statusCode).toBe(200);
  });

  it('the portal manager role given by ensureAdmin', async () => {
    const [row] = await test.database.db
      .insert(users)
      .values({ username: 'later-admin', fullname: 'Later Admin' })
      .returning();
    const token = await sessionToken(test, row!);
    const searchUsers = () => test.app.inject({ method: 'GET', url: '/api/users?q=adm', headers: bearer(token) });
    expect((await searchUsers()).statusCode).toBe(403);
    await ensureAdmin(writesFor(test.database), {
      ...test.config.admin,
      username: 'later-admin',
      password: 'a long enough test password',
    });
    const [updated] = await test.database.db.select().from(users).where(eq(users.id, row!.id));
    expect(updated!.roles).toContain('portalManager');
    expect((await searchUsers()).statusCode).toBe(200);
  });
});
