import type { Clock } from '../model/clock.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type Role } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import { openSession } from '../auth/sessions.js';
import { createTokenService, type TokenService } from '../auth/tokens.js';
import { seedEntitlementRoles } from '../commands/entitlement-roles.js';
import { ensureAdmin } from '../commands/ensure-admin.js';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { writesFor } from '../writes/after-commit.js';
import { openPooledPglite, type TestDatabase } from './pglite-pool.js';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' };
const JWT_SECRET = 'test-only-secret-that-is-long-enough-for-hs256';

let templateDump: Blob | undefined;

/**
 * A database of its own for one test file, holding exactly what the template migrated in global
 * setup holds: on PostgreSQL a copy of the template database, on PGlite one the worker keeps
 * between files, put back to the template (test/pglite-pool.ts).
 */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  if (process.env.NUBES_TEST_DB === 'postgres') {
    const base = inject('postgresUrl');
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE nubes_template`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: `${base}/${name}`, dataDir: '' });
    return { ...database, drop: () => database.close() };
  }
  return openPooledPglite(
    () => (templateDump ??= new Blob([readFileSync(inject('pgliteTemplateDump'))])),
    inject('templateSnapshot'),
  );
};

/** A file's own database, opened before its first test and dropped after its last: read `env.database` in tests. */
export const useTestDatabase = (): { database: Database } => {
  const env = {} as { database: TestDatabase };
  beforeAll(async () => {
    env.database = await openTestDatabase();
  });
  afterAll(() => env.database.drop());
  return env;
};

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The cheapest scrypt the configuration allows: each test app hashes the admin's password, and
    // at the production cost that was a seventh of the suite's CPU (docs/adr/0060-password-hash-cost.md).
    PASSWORD_HASH_COST: '10',
    WEB_DIST: '/nonexistent',
    ...env,
  });

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  tokens: TokenService;
  /** The configured public address (single sign-on needs real HTTP between portal and dev IdP). */
  baseUrl: string;
  /** Where this instance really listens; differs from baseUrl when instances share one public URL. */
  listenUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  listen?: boolean;
  env?: Record<string, string>;
  database?: Database;
  clock?: Clock;
}

export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const port = options.listen ? await freePort() : 0;
  const config = testConfig({ PORT: String(port), ...options.env });
  const owned = options.database ? null : await openTestDatabase();
  const database = options.database ?? owned!;
  await ensureAdmin(writesFor(database), config.admin);
  await seedEntitlementRoles(writesFor(database), config.entitlements.map);
  const app = await buildApp(config, database, options.clock ? { clock: options.clock } : {});
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    config,
    database,
    tokens: await createTokenService(database.db, config.jwtSecret),
    baseUrl: config.publicUrl,
    listenUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await owned?.drop();
    },
  };
};

export interface TestPrincipal {
  username: string;
  roles: readonly Role[];
  id: string;
  token: string;
}

/**
 * A token of a fresh session of the user, as a login would give it (without the login's audit
 * event): tests that are not about logging in start their people's sessions this way.
 */
export const sessionToken = async (
  test: Pick<TestApp, 'database' | 'tokens'>,
  user: { id: string; fullname: string; username: string },
): Promise<string> =>
  test.tokens.issue(user, await openSession(test.database.db, user.id, { ip: null, userAgent: null }));

/** The demo people (docs/domain.md#demo-people) as portal users with their roles, plus the direct-login admin. */
export const seedPrincipals = async (test: Pick<TestApp, 'database' | 'tokens'>): Promise<TestPrincipal[]> => {
  const result: TestPrincipal[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await test.database.db
      .insert(users)
      .values({ username: account.username, fullname: account.name, email: account.email, roles: [...account.roles] })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    result.push({ username: row.username, roles: account.roles, id: row.id, token: await sessionToken(test, row) });
  }
  const [admin] = await test.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
  result.push({
    username: admin!.username,
    roles: ['portalManager'],
    id: admin!.id,
    token: await sessionToken(test, admin!),
  });
  return result;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The header the web app's fetch client sends with every call: a login, or a write the auth cookie
 * authenticates, needs it (docs/adr/0078-sessions-the-server-ends.md).
 */
export const fromPortalPages = { [CSRF_HEADER.toLowerCase()]: CSRF_HEADER_VALUE };

export type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file's app with its demo people, and their calls of it. */
export interface TestAppEnv {
  test: TestApp;
  /** By username: alice, bob, paula, ivan, carla, desk, rita, victor, sven, nora, admin. */
  people: Record<string, TestPrincipal>;
  /** One of the demo people, by username. */
  person(username: string): TestPrincipal;
  /** The headers of the person's session; none for anonymous (`null`). */
  as(username: string | null): Record<string, string>;
  /** The person's call of the app (anonymous for `null`), with the payload as JSON when there is one. */
  inject(username: string | null, method: TestMethod, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/**
 * A file's app and demo people, made before its first test (then `seed` runs) and closed after
 * its last: read `env.test` and `env.people` inside tests and hooks only.
 */
export const useTestApp = <E extends object = object>(
  options: TestAppOptions = {},
  seed?: (test: TestApp, principals: TestPrincipal[]) => Promise<E>,
): TestAppEnv & E => {
  const env = {
    person: (username: string) => {
      const principal = env.people[username];
      if (!principal) throw new Error(`No demo person ${username}`);
      return principal;
    },
    as: (username: string | null) => (username ? bearer(env.person(username).token) : {}),
    inject: (username: string | null, method: TestMethod, url: string, payload?: object) =>
      env.test.app.inject({ method, url, headers: env.as(username), ...(payload ? { payload } : {}) }),
  } as TestAppEnv & E;
  beforeAll(async () => {
    env.test = await createTestApp(options);
    const principals = await seedPrincipals(env.test);
    env.people = Object.fromEntries(principals.map((principal) => [principal.username, principal]));
    if (seed) Object.assign(env, await seed(env.test, principals));
  });
  afterAll(() => env.test.close());
  return env;
};
