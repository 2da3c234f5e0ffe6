import { CONNECTION_USES, namedStatementsClient } from './named-statements.js';
import { pingOf, MIGRATIONS_FOLDER, type Database, type DatabaseOptions, type Db } from './database.js';
import { plannerParams } from './planner-settings.js';
import * as schema from './schema.js';

export { MIGRATIONS_FOLDER, type Database, type Db, type Tx } from './database.js';

/**
 * How long a request waits for a connection of the pool before it is answered 503, and the change
 * listener for its connection before it tries again: a server that does not answer at all (a host
 * gone from the network) would otherwise hold them for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Any number serves: it only has to be the same for every instance that migrates one database. */
const MIGRATION_LOCK_KEY = 7_205_118;

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

  // Imported only here: a start on PostgreSQL never loads PGlite (docs/adr/0066-start-loads-what-it-uses.md).
  const { openPglite } = await import('./pglite-database.js');
  return openPglite(options, shouldMigrate);
};
