// `npm run backup -- [file]`: a backup of the portal's database, uploaded files
// included (they are in the database): PostgreSQL through pg_dump's custom format while the portal
// runs, PGlite as its data directory's tarball while the portal is stopped (docs/backup.md).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { databaseOf, fileArgument, holdPglite, runPostgresTool } from './backup-lib.mjs';

const file = fileArgument('npm run backup -- [file]');
const database = databaseOf();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = file ?? `nubes-backup-${stamp}.${database.kind === 'postgres' ? 'dump' : 'tar.gz'}`;

if (database.kind === 'postgres') {
  // One consistent snapshot of the whole database, however many instances keep writing.
  runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`], database.url);
} else {
  const lock = await holdPglite(database.dataDir);
  const db = await PGlite.create(database.dataDir);
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
    await lock.release();
  }
}
console.log(`Backup written to ${target}`);
