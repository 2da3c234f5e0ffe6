import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';
import { startTwoAppsOnOneDatabase, until, type TwoAppsOnOneDatabase } from '../test/two-apps-one-database.js';

/** A notice's way from one instance to the other, with room for a busy test machine. */
const NOTICE_BOUND_MS = 2000;

/**
 * A role given or taken through one instance counts on the instance that saved it at once, and on
 * another instance on the same PostgreSQL as soon as its notice arrives (ADR 0076;
 * docs/domain.md#roles). Each app has its own pool, principal cache and listener, as two processes
 * would; while both listen a principal may live a minute, so only the notice can make the other see it.
 */
describe('role changes on two instances of one database', () => {
  let apps: TwoAppsOnOneDatabase;
  let one: TestApp;
  let two: TestApp;
  let principals: TestPrincipal[];

  const as = (name: string) => principals.find((p) => p.username === name)!;
  const listAs = async (app: TestApp, user: string) =>
    (await app.app.inject({ method: 'GET', url: '/api/services', headers: bearer(as(user).token) })).statusCode;
  const setRoles = async (app: TestApp, roles: string[], expected: string[]) => {
    const response = await app.app.inject({
      method: 'PUT',
      url: `/api/user-accounts/${as('nora').id}/roles`,
      payload: { roles, expected },
      headers: bearer(as('admin').token),
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    apps = await startTwoAppsOnOneDatabase();
    ({ one, two } = apps);
    principals = await seedPrincipals(one);
  });
  afterAll(() => apps?.close());

  it('a role given on one instance counts there at once and on the other as soon as the notice arrives', async () => {
    // Both instances hold nora's principal without a role.
    expect(await listAs(one, 'nora')).toBe(403);
    expect(await listAs(two, 'nora')).toBe(403);

    await setRoles(one, ['serviceProvider'], []);
    expect(await listAs(one, 'nora')).toBe(200);
    await until(
      NOTICE_BOUND_MS,
      async () => (await listAs(two, 'nora')) === 200,
      'the role counts on the other instance',
    );
  });

  it('a role taken on the other instance counts there at once and here as soon as the notice arrives', async () => {
    expect(await listAs(one, 'nora')).toBe(200);
    expect(await listAs(two, 'nora')).toBe(200);

    await setRoles(two, [], ['serviceProvider']);
    expect(await listAs(two, 'nora')).toBe(403);
    await until(
      NOTICE_BOUND_MS,
      async () => (await listAs(one, 'nora')) === 403,
      'the role is gone on the other instance',
    );
  });
});
