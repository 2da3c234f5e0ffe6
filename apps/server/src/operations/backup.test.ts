import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { createDatabaseFileStore } from '../storage/database-file-store.js';

const scripts = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'scripts');
const FILE = Buffer.from('the bytes of an uploaded document');

const run = (script: string, args: string[], env: Record<string, string>) => {
  const result = spawnSync(process.execPath, [path.join(scripts, script), ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH, ...env },
  });
  expect(result.status, `${script}: ${result.stderr}`).toBe(0);
  return result.stdout;
};

/** A user and an uploaded file, the data a backup must bring back. */
const writeData = async (database: Database) => {
  const [user] = await database.db
    .insert(users)
    .values({ username: 'backup-probe', fullname: 'Before the backup' })
    .returning();
  const files = createDatabaseFileStore(database.db);
  const key = await database.db.transaction((tx) => files.put(FILE, tx));
  return { userId: user!.id, key };
};

/** Changes and destroys what writeData wrote, and adds something the backup does not know. */
const spoilData = async (database: Database, data: { userId: string; key: string }) => {
  await database.db.update(users).set({ fullname: 'After the backup' }).where(eq(users.id, data.userId));
  await database.db.transaction((tx) => createDatabaseFileStore(database.db).delete(data.key, tx));
  await database.db.insert(users).values({ username: 'after-backup' });
};

const expectDataBack = async (database: Database, data: { userId: string; key: string }) => {
  const [user] = await database.db.select().from(users).where(eq(users.id, data.userId));
  expect(user?.fullname).toBe('Before the backup');
  expect(await createDatabaseFileStore(database.db).get(data.key)).toEqual(FILE);
  expect(await database.db.select().from(users).where(eq(users.username, 'after-backup'))).toEqual([]);
};

// Each project tests the scripts on its own database kind, so both kinds run once.
describe.skipIf(process.env.NUBES_TEST_DB === 'postgres')('backup and restore on PGlite', () => {
  it('brings back the data and files of the backup, keeping the replaced directory', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'nubes-backup-'));
    const dataDir = path.join(root, 'data');
    const backup = path.join(root, 'portal.tar.gz');
    try {
      cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
      let database = await openDatabase({ dataDir, migrate: false });
      const data = await writeData(database);

      // The portal (here: this open database) holds the directory: refused.
      const refused = spawnSync(process.execPath, [path.join(scripts, 'backup.mjs'), backup], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`${dataDir} is in use by a running portal: stop it first.`);
      await database.close();
      // What a killed portal leaves behind no longer stands in the way: the lock died with it.
      writeFileSync(path.join(dataDir, 'postmaster.pid'), '-42\n');

      expect(run('backup.mjs', [backup], { DATA_DIR: dataDir })).toContain(backup);
      database = await openDatabase({ dataDir, migrate: false });
      await spoilData(database, data);
      await database.close();

      run('restore.mjs', [backup], { DATA_DIR: dataDir });
      expect(readdirSync(root).some((name) => name.startsWith('data.before-restore-'))).toBe(true);
      database = await openDatabase({ dataDir, migrate: false });
      try {
        await expectDataBack(database, data);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(process.env.NUBES_TEST_DB !== 'postgres')('backup and restore on PostgreSQL', () => {
  it('brings back the data and files of the backup with pg_dump and pg_restore', async () => {
    const base = inject('postgresUrl');
    const name = `backup_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE nubes_template`);
    const root = mkdtempSync(path.join(tmpdir(), 'nubes-backup-'));
    const backup = path.join(root, 'portal.dump');
    const env = {
      DATABASE_URL: `${base}/${name}`,
      PG_BIN: process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin',
    };
    try {
      // The portal may keep running while pg_dump takes its snapshot.
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '', migrate: false });
      try {
        const data = await writeData(database);
        run('backup.mjs', [backup], env);
        expect(existsSync(backup)).toBe(true);
        await spoilData(database, data);
        await database.close();

        run('restore.mjs', [backup], env);
        const restored = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '', migrate: false });
        try {
          await expectDataBack(restored, data);
        } finally {
          await restored.close();
        }
      } finally {
        await database.close().catch(() => undefined);
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
