// A throwaway PostgreSQL server for the server's tests (apps/server/src/test/global-setup-postgres.ts)
// and the benchmarks (bench/lib.mjs): a new cluster in a temp dir on a free loopback port, made for
// speed rather than durability, stopped and removed in every case.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './free-port.mjs';

/** Where PostgreSQL 15's server binaries are: PG_BIN, else Debian's package's folder. */
export const postgresBin = (env = process.env) => env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** Whether the server binaries are on this machine. */
export const hasPostgres = (env = process.env) => existsSync(path.join(postgresBin(env), 'postgres'));

/** No durability: the cluster lives for one run. */
const FAST_SETTINGS = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
};

const postgresUserId = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);

/**
 * Starts the server and waits until it accepts connections; with `database`, creates it. Answers
 * { serverUrl (no database), url (of `database`, else of `postgres`), stop (async: fast shutdown,
 * then SIGKILL after 10 s, and the temp dir removed), killNow (sync, for a process that is exiting),
 * and for the tests of an outage: stopImmediately (`pg_ctl stop -m immediate`), killPostmaster
 * (`kill -9` of the postmaster alone) and startAgain (the same data dir and port) }.
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user and the
 * server runs as it. A failed start stops and removes what it made before it throws; a process
 * that exits without stop() kills the server on its way out.
 */
export const startThrowawayPostgres = async ({ database, settings = {}, env = process.env } = {}) => {
  const bin = postgresBin(env);
  const root = mkdtempSync(path.join(tmpdir(), 'nubes-postgres-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (command, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  let child;
  let gone = true;
  let exited = Promise.resolve();
  // runuser turns the signals it gets into SIGTERM, PostgreSQL's smart shutdown, which waits for
  // every client: the signals go to the postmaster itself (its pid file; without one, our child).
  const postmasterPid = () => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) return pid;
    } catch {
      // not written yet
    }
    return child?.pid;
  };
  const signal = (name) => {
    for (const pid of new Set([postmasterPid(), child?.pid]))
      try {
        if (pid) process.kill(pid, name);
      } catch {
        // already gone
      }
  };
  const running = () => !gone;
  const remove = () => rmSync(root, { recursive: true, force: true });
  const killNow = () => {
    process.removeListener('exit', killNow);
    if (running()) signal('SIGKILL');
    remove();
  };
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', killNow);
      if (running()) {
        // SIGINT is PostgreSQL's fast shutdown: open connections are ended.
        const pid = postmasterPid();
        if (pid) process.kill(pid, 'SIGINT');
        // The timer keeps no process alive: as a plain timer it held every caller (the Vitest run)
        // for its whole 10 s after PostgreSQL was long gone.
        if ((await Promise.race([exited, sleep(10_000, 'timeout', { ref: false })])) === 'timeout') {
          signal('SIGKILL');
          await exited;
        }
      }
      remove();
    })());
  process.once('exit', killNow);

  let launch = () => undefined;
  let readyUrl = '';
  /** What `pg_ctl stop -m immediate` does: SIGQUIT, every backend ends at once, no checkpoint. */
  const stopImmediately = async () => {
    const pid = postmasterPid();
    if (running() && pid) process.kill(pid, 'SIGQUIT');
    await exited;
  };
  /** `kill -9` of the postmaster alone: its backends are orphaned and end as they notice. */
  const killPostmaster = async () => {
    const pid = postmasterPid();
    if (running() && pid) process.kill(pid, 'SIGKILL');
    await exited;
  };
  /**
   * The same cluster on the same port again, once it accepts connections. After a SIGKILL the old
   * backends hold the shared memory until they notice their postmaster is gone, and a new one
   * refuses to start until then: it is started again until it stays up.
   */
  const startAgain = async () => {
    if (stopping) throw new Error('the throwaway PostgreSQL was stopped for good');
    if (running()) return;
    for (let attempt = 0; ; attempt += 1) {
      launch();
      try {
        await untilReady(readyUrl, running);
        return;
      } catch (error) {
        // Up but not ready in time is a failure of its own; only a server that exited is retried.
        if (running() || attempt >= 100) throw error;
        await sleep(100);
      }
    }
  };

  try {
    chmodSync(root, 0o777);
    if (asRoot) chownSync(root, postgresUserId('-u'), postgresUserId('-g'));
    const init = spawnSync(
      ...asPostgres(path.join(bin, 'initdb'), [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
        '-E',
        'UTF8',
      ]),
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
    const port = await freePort();
    const options = Object.entries({ ...FAST_SETTINGS, ...settings }).flatMap(([name, value]) => [
      '-c',
      `${name}=${value}`,
    ]);
    launch = () => {
      child = spawn(
        ...asPostgres(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', root, ...options]),
        { stdio: 'ignore' },
      );
      gone = false;
      exited = new Promise((resolve) => {
        const end = () => resolve((gone = true));
        child.once('exit', end);
        child.once('error', end);
      });
    };
    launch();
    const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
    readyUrl = `${serverUrl}/postgres`;
    await untilReady(readyUrl, running);
    if (database) {
      const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
      await client.connect();
      try {
        await client.query(`create database ${pg.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    }
    return {
      serverUrl,
      url: `${serverUrl}/${database ?? 'postgres'}`,
      stop,
      killNow,
      stopImmediately,
      killPostmaster,
      startAgain,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

const untilReady = async (url, running) => {
  for (let attempt = 0; ; attempt += 1) {
    if (!running()) throw new Error('postgres exited at start');
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt >= 150) throw new Error(`postgres did not start: ${error.message}`, { cause: error });
      await sleep(100);
    }
  }
};
