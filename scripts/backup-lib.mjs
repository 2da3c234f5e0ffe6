// What backup.mjs and restore.mjs share: the settings the server reads, the PostgreSQL tools,
// and the portal's own lock of a PGlite directory, so no portal opens it meanwhile (docs/backup.md).
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
 * PGlite is one process's database, and a second opener would damage it. The scripts take the
 * lock the portal takes (apps/server/src/db/data-dir-lock.ts, from the built server): refused
 * while a portal has the directory open, and a portal started meanwhile is refused in turn. A
 * killed portal's lock is taken over (at once from its own PID namespace, else after its lease),
 * so nothing needs forcing.
 */
export const holdPglite = async (dataDir) => {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) fail(`${dataDir} holds no PGlite database (set DATA_DIR).`);
  return lockPglite(dataDir);
};

/** The lock alone, for a directory that is about to receive a database. */
export const lockPglite = async (dataDir) => {
  const built = new URL('../apps/server/dist/db/data-dir-lock.js', import.meta.url);
  if (!existsSync(built)) fail('The server is not built yet: run npm run build first.');
  const { lockDataDir, DataDirInUseError } = await import(built.href);
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(`${dataDir} is in use by a running portal: stop it first.`);
    throw error;
  }
};

/** The one file name after the script; an option is refused with the usage. */
export const fileArgument = (usage, argv = process.argv.slice(2)) => {
  const options = argv.filter((value) => value.startsWith('--'));
  if (options.length > 0 || argv.length > 1) fail(`Unknown argument ${options[0] ?? argv[1]}. Usage: ${usage}`);
  return argv[0];
};
