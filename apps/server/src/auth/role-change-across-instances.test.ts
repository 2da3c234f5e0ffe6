import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { bearer, createTestApp, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';
import { principalCacheFor } from './principal-cache.js';

/** The documented window (ADR 0003, amendment; docs/domain.md#roles): the cache's default TTL. */
const SECOND = 1000;

/**
 * A role given or taken through one instance counts on another instance on the same PostgreSQL
 * within a second, and on the instance that saved it at once. Each instance has its own pool and
 * principal cache, as two processes would; each cache runs on a clock of the test's, so the second
 * passes without sleeping and the assertions are about behaviour, not timing.
 */
describe.runIf(process.env.NUBES_TEST_DB === 'postgres')('role changes on two instances of one database', () => {
  let databaseName: string;
  let databases: Database[];
  let one: TestApp;
  let two: TestApp;
  let principals: TestPrincipal[];
  const clocks = { one: 1_000_000, two: 5_000_000 };

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${inject('postgresUrl')}/postgres` });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
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
    databaseName = `test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${databaseName} TEMPLATE nubes_template`);
    const url = `${inject('postgresUrl')}/${databaseName}`;
    databases = [
      await openDatabase({ databaseUrl: url, dataDir: '' }),
      await openDatabase({ databaseUrl: url, dataDir: '' }),
    ];
    principalCacheFor(databases[0]!.db, { now: () => clocks.one });
    principalCacheFor(databases[1]!.db, { now: () => clocks.two });
    one = await createTestApp({ database: databases[0] });
    two = await createTestApp({ database: databases[1] });
    principals = await seedPrincipals(one);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const database of databases ?? []) await database.close();
    await admin(`DROP DATABASE IF EXISTS ${databaseName}`);
  });

  it('a role given on one instance counts there at once and on the other within its second', async () => {
    // Both instances hold nora's principal without a role.
    expect(await listAs(one, 'nora')).toBe(403);
    expect(await listAs(two, 'nora')).toBe(403);

    await setRoles(one, ['serviceProvider'], []);
    expect(await listAs(one, 'nora')).toBe(200);
    // The other instance may answer from what it read before the change, but not for longer than the second.
    clocks.two += SECOND - 1;
    expect(await listAs(two, 'nora')).toBe(403);
    clocks.two += 1;
    expect(await listAs(two, 'nora')).toBe(200);
  });

  it('a role taken on the other instance counts there at once and here within the second', async () => {
    expect(await listAs(one, 'nora')).toBe(200);
    expect(await listAs(two, 'nora')).toBe(200);

    await setRoles(two, [], ['serviceProvider']);
    expect(await listAs(two, 'nora')).toBe(403);
    clocks.one += SECOND - 1;
    expect(await listAs(one, 'nora')).toBe(200);
    clocks.one += 1;
    expect(await listAs(one, 'nora')).toBe(403);
  });
});
