import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, pingOf, type Database, type DatabaseOptions, type Db } from './database.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { pgliteStartParams } from './pglite-start-params.js';
import * as schema from './schema.js';

/** PGlite's bundled extensions the migrations create: unaccent folds the search documents (drizzle/0014). */
const extensions = { unaccent };

/**
 * The embedded database: `dataDir` (locked for this process), or the dump `loadDataDir` in memory.
 * A module of its own, imported by `openDatabase` only without `DATABASE_URL`.
 */
export const openPglite = async (options: DatabaseOptions, shouldMigrate: boolean): Promise<Database> => {
  if (options.loadDataDir) return pgliteDatabase(await loadPglite(options.loadDataDir), shouldMigrate);
  // Before PGlite touches the directory: a second process on it would damage it.
  mkdirSync(options.dataDir, { recursive: true });
  const lock = await lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(options.dataDir, {
      startParams: pgliteStartParams(options.dataDir),
      extensions,
    });
    return await pgliteDatabase(client, shouldMigrate, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
};

/** A database in memory, loaded from a dump (`dumpDataDir`). */
export const loadPglite = (dump: Blob): Promise<PGlite> =>
  PGlite.create({ loadDataDir: dump, startParams: pgliteStartParams(), extensions });

/** The client as the portal's database, migrated first unless told not to; closing it closes the client. */
export const pgliteDatabase = async (client: PGlite, shouldMigrate: boolean, lock?: DataDirLock): Promise<Database> => {
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
