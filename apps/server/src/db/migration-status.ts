import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from './client.js';

interface Journal {
  entries: { when: number }[];
}

/**
 * The bundled migrations' times from drizzle's journal. Drizzle writes each one's time as
 * `created_at` of the row it adds to `drizzle.__drizzle_migrations` when it applies it, so the
 * times name a migration however its file is renamed.
 */
export const bundledMigrationTimes = (folder: string = MIGRATIONS_FOLDER): readonly number[] =>
  (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries.map(
    (entry) => entry.when,
  );

/** How many of the bundled migrations the database has not applied (rejects when the database does not answer). */
export const pendingMigrationCount = async (db: Db, bundled: readonly number[]): Promise<number> => {
  const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const applied = new Set(
    (result as unknown as { rows: { created_at: string | number }[] }).rows.map((row) => Number(row.created_at)),
  );
  return bundled.filter((time) => !applied.has(time)).length;
};
