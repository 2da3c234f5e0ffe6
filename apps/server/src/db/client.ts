import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { CONNECTION_USES, namedStatementsClient } from './named-statements.js';
import { pgliteStartParams } from './pglite-start-params.js';
import { plannerParams } from './planner-settings.js';
import * as schema from './schema.js';

type Schema = typeof schema;
/** Both drivers share this type, so commands never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * PostgreSQL only: a new client outside the pool, not yet connected, for a session that holds
   * its connection for good (LISTEN: instances/change-listener.ts). Named, so pg_stat_activity
   * tells it apart.
   */
  dedicatedClient?: (applicationName: string) => PgClient;
  close(): Promise<void>;
}

/** The committed migrations, applied at every start (the readiness check compares the database with them). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PGlite's bundled extensions the migrations create: unaccent folds the search documents (drizzle/0014). */
const extensions = { unaccent };

/**
 * How long a request waits for a connection of the pool before it is answered 503, and the change
 * listener for its connection before it tries again: a server that does not answer at all (a host
 * gone from the network) would otherwise hold them for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Any number serves: it only has to be the same for every instance that migrates one database. */
const MIGRATION_LOCK_KEY = 7_205_118;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Apply the committed migrations before use (default true). */
  migrate?: boolean;
  /** PGlite only: start from this dump (`dumpDataDir`) in memory instead of from `dataDir`. */
  loadDataDir?: Blob;
}

const pingOf = (db: Db) => async () => {
  await db.execute(sql`select 1`);
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    // Imported only here: a start on PGlite never loads node-postgres (docs/adr/0066-start-loads-what-it-uses.md).
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const connectionString = options.databaseUrl;
    const pool = new pg.Pool({
      // Each read prepared once per connection (docs/adr/0117-named-prepared-statements.md).
      Client: namedStatementsClient(pg.Client),
      maxUses: CONNECTION_USES,
      connectionString,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: plannerParams().join(' '),
    });
    // A lost connection is an 'error' event on its client, which ends the process unless someone
    // listens: the pool listens only while a client is idle, so every client gets a listener of its
    // own the moment it exists, one checked out for a transaction too. What was in flight on it fails
    // with the same error (answered 503, http/error-handler.ts), and the pool drops a client that is
    // no longer queryable when it comes back (docs/adr/0077-database-outages.md).
    pool.on('connect', (client) => client.on('error', () => undefined));
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    if (shouldMigrate) {
      const client = await pool.connect();
      try {
        // Several instances may start at once on one server: only one migrates at a time.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    }
    return {
      db,
      kind: 'postgres',
      ping: pingOf(db),
      close: () => pool.end(),
      // Keep-alive: a connection that only waits for notices would not notice a silent network loss.
      dedicatedClient: (applicationName) =>
        new pg.Client({
          connectionString,
          application_name: applicationName,
          keepAlive: true,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        }),
    };
  }

  if (options.loadDataDir)
    return openPglite(
      await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams(), extensions }),
      shouldMigrate,
    );
  // Before PGlite touches the directory: a second process on it would damage it.
  mkdirSync(options.dataDir, { recursive: true });
  const lock = await lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(options.dataDir, {
      startParams: pgliteStartParams(options.dataDir),
      extensions,
    });
    return await openPglite(client, shouldMigrate, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
};

const openPglite = async (client: PGlite, shouldMigrate: boolean, lock?: DataDirLock): Promise<Database> => {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) {
    try {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }
  return {
    db,
    kind: 'pglite',
    ping: pingOf(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
};
