// `npm run restore -- <file> [--force]`: puts a backup of backup.mjs back, with the portal stopped
// (docs/backup.md). PostgreSQL: pg_restore replaces the portal's tables in one transaction.
// PGlite: the current data directory is moved aside (<DATA_DIR>.before-restore-<time>), never
// deleted, and the backup's directory takes its place.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { argumentsOf, databaseOf, fail, refuseOpenPglite, runPostgresTool } from './backup-lib.mjs';

const { file, force } = argumentsOf();
if (!file || !existsSync(file)) fail('Usage: npm run restore -- <backup file> [--force]');
const database = databaseOf();

if (database.kind === 'postgres') {
  runPostgresTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    database.url,
  );
} else {
  const { dataDir } = database;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    refuseOpenPglite(dataDir, force);
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
    console.log(`The current database was moved to ${aside}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
}
console.log(`Restored ${file}; start the portal and check GET /api/health/ready.`);
