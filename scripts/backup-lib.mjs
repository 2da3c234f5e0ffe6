// What backup.mjs and restore.mjs share: the settings the server reads, the PostgreSQL tools,
// and the check that no portal holds a PGlite directory (docs/backup.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The database the portal uses with the same settings: DATABASE_URL, else PGlite in DATA_DIR (default ./data). */
export const databaseOf = (env = process.env) =>
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR || './data') };

export const fail = (message) => {
  console.error(message);
  process.exit(1);
};

/**
 * Runs pg_dump or pg_restore from PG_BIN, else from PATH. The password goes in PGPASSWORD rather
 * than in the arguments, which every user of the machine can list.
 */
export const runPostgresTool = (tool, args, databaseUrl, env = process.env) => {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const command = env.PG_BIN ? path.join(env.PG_BIN, tool) : tool;
  const result = spawnSync(command, [...args, `--dbname=${url.toString()}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: password ? { ...env, PGPASSWORD: password } : env,
  });
  if (result.error)
    fail(`${tool} could not be run (${result.error.message}); install the PostgreSQL client or set PG_BIN.`);
  if (result.status !== 0) fail(`${tool} failed (exit code ${result.status}).`);
};

/**
 * PGlite is one process's database: while the portal has it open, PGlite keeps postmaster.pid in
 * the directory, and a second opener would corrupt it. A portal that was killed leaves the file
 * behind; --force is for that case only.
 */
export const refuseOpenPglite = (dataDir, force) => {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) fail(`${dataDir} holds no PGlite database (set DATA_DIR).`);
  if (existsSync(path.join(dataDir, 'postmaster.pid')) && !force)
    fail(
      `${dataDir} is in use (postmaster.pid): stop the portal first. If no portal runs (it was killed), ` +
        'pass --force.',
    );
};

/** The arguments after the script: options (--force) and the one file name. */
export const argumentsOf = (argv = process.argv.slice(2)) => ({
  force: argv.includes('--force'),
  file: argv.find((value) => !value.startsWith('--')),
});
