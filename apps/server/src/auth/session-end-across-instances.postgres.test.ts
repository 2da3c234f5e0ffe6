import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedPrincipals, sessionToken, type TestApp, type TestPrincipal } from '../test/harness.js';
import { startTwoAppsOnOneDatabase, until, type TwoAppsOnOneDatabase } from '../test/two-apps-one-database.js';

/** A notice's way from one instance to the other, with room for a busy test machine. */
const NOTICE_BOUND_MS = 2000;

/**
 * A session ended through one instance is refused there at once and on another instance on the same
 * PostgreSQL as soon as its notice arrives (docs/adr/0078-sessions-the-server-ends.md). While both
 * listen a known session may stay in memory for a minute, so only the notice can make the other
 * instance refuse it.
 */
describe('sessions ended on two instances of one database', () => {
  let apps: TwoAppsOnOneDatabase;
  let one: TestApp;
  let two: TestApp;
  let principals: TestPrincipal[];

  const as = (name: string) => principals.find((p) => p.username === name)!;
  const listWith = async (app: TestApp, token: string) =>
    (await app.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) })).statusCode;

  beforeAll(async () => {
    apps = await startTwoAppsOnOneDatabase();
    ({ one, two } = apps);
    principals = await seedPrincipals(one);
  });
  afterAll(() => apps?.close());

  it('a logout on one instance counts there at once and on the other as soon as the notice arrives', async () => {
    const token = await sessionToken(one, { ...as('paula'), fullname: 'Paula' });
    // Both instances know the session as live.
    expect(await listWith(one, token)).toBe(200);
    expect(await listWith(two, token)).toBe(200);

    const logout = await one.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(await listWith(one, token)).toBe(401);
    await until(NOTICE_BOUND_MS, async () => (await listWith(two, token)) === 401, 'the other instance refuses it');
  });

  it('the portal manager ending a user’s sessions on the other instance counts here as soon as the notice arrives', async () => {
    const tokens = [as('ivan').token, await sessionToken(one, { ...as('ivan'), fullname: 'Ivan' })];
    for (const token of tokens) {
      expect(await listWith(one, token)).toBe(200);
      expect(await listWith(two, token)).toBe(200);
    }
    const ended = await two.app.inject({
      method: 'DELETE',
      url: `/api/user-accounts/${as('ivan').id}/sessions`,
      headers: bearer(as('admin').token),
    });
    expect(ended.json()).toEqual({ ended: 2 });
    for (const token of tokens) {
      expect(await listWith(two, token)).toBe(401);
      await until(NOTICE_BOUND_MS, async () => (await listWith(one, token)) === 401, 'this instance refuses it');
    }
  });
});
