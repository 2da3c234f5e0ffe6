import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type * as schema from './schema.js';

// What both drivers' openers share (client.ts for PostgreSQL, pglite-database.ts for PGlite).

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

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Apply the committed migrations before use (default true). */
  migrate?: boolean;
  /** PGlite only: start from this dump (`dumpDataDir`) in memory instead of from `dataDir`. */
  loadDataDir?: Blob;
}

export const pingOf = (db: Db) => async () => {
  await db.execute(sql`select 1`);
};
