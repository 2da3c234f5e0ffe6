// `npm run restore -- <file>`: puts a backup of backup.mjs back, with the portal stopped
// (docs/backup.md). PostgreSQL: pg_restore replaces the portal's tables in one transaction.
// PGlite: the current data directory is moved aside (<DATA_DIR>.before-restore-<time>), never
// deleted, and the backup's directory takes its place.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { databaseOf, fail, fileArgument, holdPglite, lockPglite, runPostgresTool } from './backup-lib.mjs';

const USAGE = 'npm run restore -- <backup file>';
const file = fileArgument(USAGE);
if (!file || !existsSync(file)) fail(`Usage: ${USAGE}`);
const database = databaseOf();

if (database.kind === 'postgres') {
  runPostgresTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    database.url,
  );
} else {
  const { dataDir } = database;
  // The lock is a file in the directory (docs/adr/0080-pglite-lock-file-with-a-lease.md): the old
  // directory's goes aside with it, and the new directory is locked before the old lock is let go.
  let lock;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    const old = await holdPglite(dataDir);
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
    mkdirSync(dataDir, { recursive: true });
    lock = await lockPglite(dataDir);
    await old.release();
    rmSync(path.join(aside, 'nubes.lock'), { force: true });
    console.log(`The current database was moved to ${aside}`);
  }
  mkdirSync(dataDir, { recursive: true });
  lock ??= await lockPglite(dataDir);
  try {
    const db = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
}
console.log(`Restored ${file}; start the portal and check GET /api/health/ready.`);
