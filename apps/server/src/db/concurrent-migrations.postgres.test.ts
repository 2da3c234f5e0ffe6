import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.js';

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** The key client.ts locks; a test that holds it sees a starting instance wait. */
const MIGRATION_LOCK_KEY = 7_205_118;

const emptyDatabase = async (): Promise<{ url: string; admin: pg.Client }> => {
  const base = inject('postgresUrl');
  const name = `migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return { url: `${base}/${name}`, admin };
};

// PGlite belongs to one process: only PostgreSQL has instances that start together.
describe('instances that start at once on one PostgreSQL', () => {
  it('migrate one after the other under the advisory lock: every migration applied once, every start succeeds', async () => {
    const { url, admin } = await emptyDatabase();
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: '' })),
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ count: string; distinct: string }>(
      'SELECT count(*) AS count, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ count: String(journal.entries.length), distinct: String(journal.entries.length) });
    await client.end();
    await Promise.all(instances.map((instance) => instance.close()));
    await admin.end();
  });

  it('wait while another instance holds the migration lock', async () => {
    const { url, admin } = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let opened = false;
    const starting = openDatabase({ databaseUrl: url, dataDir: '' }).then((database) => {
      opened = true;
      return database;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(opened).toBe(false);
    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const database = await starting;
    await database.ping();
    await Promise.all([database.close(), holder.end()]);
    await admin.end();
  });
});
