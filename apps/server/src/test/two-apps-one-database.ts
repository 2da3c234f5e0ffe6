import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { hearsOtherInstances } from '../instances/listening-state.js';
import { createTestApp, seedPrincipals, type TestApp } from './harness.js';
import { seedServiceWorld, type ServiceWorld } from './services-fixtures.js';

export interface TwoAppsOnOneDatabase {
  one: TestApp;
  two: TestApp;
  /** The database's name on the test server. */
  name: string;
  /**
   * A statement on the test server outside both apps (it sends no notice, as another tool's write
   * would not), in this database unless another is named.
   */
  onServer(statement: string, values?: unknown[], database?: string): Promise<pg.QueryResult>;
  close(): Promise<void>;
}

/**
 * Looks every 20 ms until `look` is true, and fails when it is still false after `boundMs`: a wait
 * for something that arrives on its own (a notice), not a sleep.
 */
export const until = async (boundMs: number, look: () => Promise<boolean> | boolean, what: string): Promise<number> => {
  const startedAt = Date.now();
  for (;;) {
    if (await look()) return Date.now() - startedAt;
    expect(Date.now() - startedAt, `${what} within ${boundMs} ms`).toBeLessThan(boundMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Two apps on one PostgreSQL database, each with its own pool, caches and listener, as two
 * processes would have (PostgreSQL only: inject('postgresUrl')). Answers once both listen.
 */
export const startTwoAppsOnOneDatabase = async (): Promise<TwoAppsOnOneDatabase> => {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string, values?: unknown[], database = 'postgres') => {
    const client = new pg.Client({ connectionString: `${inject('postgresUrl')}/${database}` });
    await client.connect();
    try {
      return await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name} TEMPLATE nubes_template`);
  const url = `${inject('postgresUrl')}/${name}`;
  const databases: Database[] = [
    await openDatabase({ databaseUrl: url, dataDir: '' }),
    await openDatabase({ databaseUrl: url, dataDir: '' }),
  ];
  const one = await createTestApp({ database: databases[0] });
  const two = await createTestApp({ database: databases[1] });
  for (const app of [one, two])
    await until(5000, () => hearsOtherInstances(app.database.db), 'the app listens for notices');
  return {
    one,
    two,
    name,
    onServer: (statement, values, database = name) => onServer(statement, values, database),
    close: async () => {
      await one.close();
      await two.close();
      for (const database of databases) await database.close();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

/**
 * A file's two apps on one database, with the service world seeded through the first, made before
 * its first test and closed after its last: read `env.apps` and `env.world` inside tests and hooks only.
 */
export const useTwoAppsWithServiceWorld = (): { apps: TwoAppsOnOneDatabase; world: ServiceWorld } => {
  const env = {} as { apps: TwoAppsOnOneDatabase; world: ServiceWorld };
  beforeAll(async () => {
    env.apps = await startTwoAppsOnOneDatabase();
    env.world = await seedServiceWorld(env.apps.one, await seedPrincipals(env.apps.one));
  });
  afterAll(() => env.apps.close());
  return env;
};
