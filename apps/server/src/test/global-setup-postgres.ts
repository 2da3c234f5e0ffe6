import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';
import { openDatabase } from '../db/client.js';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: as root, the server runs as the postgres user. */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

const waitForServer = async (url: string, child: ChildProcess) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('postgres did not start');
};

/** A throwaway PostgreSQL 15 server in a temp dir; each test file gets a copy of a migrated template. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'nubes-postgres-'));
  chmodSync(root, 0o777);
  const dataDir = path.join(root, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = {
      uid: Number(spawnSync('id', ['-u', 'postgres']).stdout),
      gid: Number(spawnSync('id', ['-g', 'postgres']).stdout),
    };
    chownSync(root, uid, gid);
  }
  const [initCmd, initArgs] = asPostgres(`${BIN}/initdb`, [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);

  const port = await freePort();
  const [cmd, args] = asPostgres(`${BIN}/postgres`, [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  await waitForServer(`${base}/postgres`, child);

  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE nubes_template');
  await admin.end();
  const template = await openDatabase({ databaseUrl: `${base}/nubes_template`, dataDir: '' });
  await template.close();

  project.provide('postgresUrl', base);
  return async () => {
    // runuser does not pass signals on to postgres; pg_ctl stops the server itself.
    const [stopCmd, stopArgs] = asPostgres(`${BIN}/pg_ctl`, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
    const stop = spawnSync(stopCmd, stopArgs, { encoding: 'utf8' });
    if (stop.status !== 0) child.kill('SIGKILL');
    await new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
      child.once('exit', resolve);
      setTimeout(resolve, 5000).unref();
    });
    rmSync(root, { recursive: true, force: true });
  };
}
