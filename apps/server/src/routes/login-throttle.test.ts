import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, loginThrottle } from '../db/schema.js';
import { createTestApp, fromPortalPages, TEST_ADMIN, type TestApp } from '../test/harness.js';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const login = (password: string, remoteAddress: string, username = TEST_ADMIN.username) =>
  test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { login: username, password },
    remoteAddress,
    headers: fromPortalPages,
  });

const failedLogins = async () =>
  (await test.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'login.failed'))).length;

describe('login throttle (ADR 0016)', () => {
  it('checks at most the limit of a burst sent at once; the rest, and a right guess among them, get 429 with Retry-After', async () => {
    const before = await failedLogins();
    const inFlight = Promise.all(Array.from({ length: 50 }, (_, i) => login(`wrong-${i}`, '192.0.2.10')));
    // While the burst is still being checked, once its attempts are counted, the right password follows.
    const counted = async () =>
      (await test.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'ip:192.0.2.10')))[0]
        ?.failures ?? 0;
    while ((await counted()) < 5) await new Promise((resolve) => setTimeout(resolve, 1));
    const rightGuess = await login(TEST_ADMIN.password, '192.0.2.10');
    expect(rightGuess.statusCode).toBe(429);
    const burst = [...(await inFlight), rightGuess];
    const checked = burst.filter((r) => r.statusCode === 401 || r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((r) => r.statusCode === 401)).toBe(true);
    expect(checked.length + refused.length).toBe(51);
    for (const response of refused) {
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(response.json()).toMatchObject({ error: 'too_many_requests' });
    }
    // Only the checked wrong guesses are failed logins in the audit trail.
    expect((await failedLogins()) - before).toBe(checked.length);

    // After the burst the right password from the attacker's address is refused ...
    const fromAttacker = await login(TEST_ADMIN.password, '192.0.2.10');
    expect(fromAttacker.statusCode).toBe(429);
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(0);
    // ... and works from every other address: nobody elsewhere can lock the admin out.
    expect((await login(TEST_ADMIN.password, '198.51.100.7')).statusCode).toBe(200);
    expect((await login(TEST_ADMIN.password, '2001:db8::1')).statusCode).toBe(200);
  });

  it('limits one address across accounts', async () => {
    for (let i = 0; i < 5; i++) expect((await login('x', '192.0.2.20', `someone${i}`)).statusCode).toBe(401);
    expect((await login(TEST_ADMIN.password, '192.0.2.20')).statusCode).toBe(429);
    expect((await login(TEST_ADMIN.password, '192.0.2.21')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    for (let i = 1; i <= 5; i++) expect((await login('x', `2001:db8:5:6::${i}`)).statusCode).toBe(401);
    expect((await login(TEST_ADMIN.password, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await login(TEST_ADMIN.password, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('starts the address+account counter again after a successful login; the address keeps its failures', async () => {
    for (let i = 0; i < 3; i++) expect((await login('typo', '192.0.2.30')).statusCode).toBe(401);
    expect((await login(TEST_ADMIN.password, '192.0.2.30')).statusCode).toBe(200);
    const rows = await test.database.db.select().from(loginThrottle).where(like(loginThrottle.key, '%192.0.2.30%'));
    expect(rows.map((r) => [r.key, r.failures])).toEqual([['ip:192.0.2.30', 3]]);
  });
});
