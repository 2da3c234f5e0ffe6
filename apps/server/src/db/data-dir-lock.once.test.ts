import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverModules } from '../test/server-modules.js';
import { openDatabase } from './client.js';
import { DataDirInUseError, LOCK_FILE, LOCK_STALE_MS, lockDataDir } from './data-dir-lock.js';

const root = mkdtempSync(path.join(tmpdir(), 'nubes-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const freshDir = (name: string) => {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};

// Another process imports the lock from tsc's output when it is built, else through tsx.
const modules = serverModules();
const LOCK_MODULE = JSON.stringify(pathToFileURL(path.join(modules.folder, 'db', 'data-dir-lock.js')).href);

/** `unshare` runs a process in namespaces of its own only where it may (root, or user namespaces allowed). */
const unshareRefusal = (() => {
  const probe = spawnSync('unshare', ['-n', '-p', '-f', '--mount-proc', 'true'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0 ? 'unshare -n -p is not permitted here (needs root, as on CI)' : null;
})();

/** Node with the lock module, `prefix` (e.g. unshare) in front. */
const nodeWithLock = (prefix: string[], script: string) =>
  spawn(
    prefix[0] ?? process.execPath,
    [
      ...prefix.slice(1),
      ...(prefix.length > 0 ? [process.execPath] : []),
      ...modules.nodeFlags,
      '--input-type=module',
      '-e',
      script,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );

/** A process that holds the directory's lock and says so; it stays until it is killed. */
const holderProcess = async (dir: string, prefix: string[] = [], renewMs?: number) => {
  const child = nodeWithLock(
    prefix,
    `const { lockDataDir } = await import(${LOCK_MODULE});
     await lockDataDir(${JSON.stringify(dir)}${renewMs === undefined ? '' : `, { renewMs: ${renewMs} }`});
     console.log('locked');
     setInterval(() => undefined, 1000);`,
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
};

/** One try of another process to take the lock, with this lease: what it printed. */
const tryInProcess = async (dir: string, prefix: string[], staleMs: number) => {
  const child = nodeWithLock(
    prefix,
    `const { lockDataDir } = await import(${LOCK_MODULE});
     try {
       const lock = await lockDataDir(${JSON.stringify(dir)}, { staleMs: ${staleMs} });
       console.log('locked');
       await lock.release();
     } catch (error) {
       console.log(error.name + ': ' + error.message);
     }`,
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return out.trim();
};

const killed = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

describe('one process per PGlite directory', () => {
  it('refuses a second lock on the same directory, by any path to it, until the first is released', async () => {
    const dir = freshDir('a');
    const link = path.join(root, 'link-to-a');
    symlinkSync(dir, link);
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(lockDataDir(link)).rejects.toThrow(/is in use by another process/);
    // Another directory is another lock.
    const other = await lockDataDir(freshDir('b'));
    await other.release();
    await first.release();
    const again = await lockDataDir(link);
    await again.release();
  });

  it('refuses while another process holds it, and is free once that process is killed', async () => {
    const dir = freshDir('c');
    const holder = await holderProcess(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another process \(process \d+ on /);
    } finally {
      await killed(holder);
    }
    // The killed holder's file is still there; from its own PID namespace it is seen to be dead.
    const lock = await lockDataDir(dir);
    await lock.release();
  }, 30_000);

  it('takes over the lease of a holder it cannot see only once the lease ran out, and says when that is', async () => {
    const dir = freshDir('e');
    const file = path.join(dir, LOCK_FILE);
    // A holder in another container: its pid means nothing here, only its lease counts.
    writeFileSync(
      file,
      JSON.stringify({ token: 'x', pid: 1, space: 'another container', started: '1', host: 'elsewhere' }),
    );
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(
        `\\(process 1 on elsewhere, lease renewed 0 s ago\\).*frees it ${LOCK_STALE_MS / 1000} s after its last renewal`,
      ),
    );
    const lastRenewed = (Date.now() - LOCK_STALE_MS - 1_000) / 1000;
    utimesSync(file, lastRenewed, lastRenewed);
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  // Two containers on one volume share the directory but not the network (nor, often, the PIDs):
  // the lock must hold on the directory itself (docs/adr/0080-pglite-lock-file-with-a-lease.md).
  describe.skipIf(unshareRefusal !== null)(
    `other namespaces${unshareRefusal ? ` (skipped: ${unshareRefusal})` : ''}`,
    () => {
      it('refuses a process in another network namespace while the holder lives, and lets it on once the holder is killed', async () => {
        const dir = freshDir('f');
        const holder = await holderProcess(dir);
        try {
          expect(await tryInProcess(dir, ['unshare', '-n'], LOCK_STALE_MS)).toMatch(
            /^DataDirInUseError: DATA_DIR .* is in use/,
          );
        } finally {
          await killed(holder);
        }
        expect(await tryInProcess(dir, ['unshare', '-n'], LOCK_STALE_MS)).toBe('locked');
      }, 60_000);

      it("lets a process in other network and PID namespaces on after the killed holder's lease ran out", async () => {
        const dir = freshDir('g');
        const apart = ['unshare', '-n', '-p', '-f', '--mount-proc'];
        // A short lease for the test, and a holder that renews it eight times as often, so it stays
        // held while the holder lives.
        const staleMs = 2_000;
        const holder = await holderProcess(dir, [], staleMs / 8);
        try {
          expect(await tryInProcess(dir, apart, staleMs)).toMatch(/^DataDirInUseError: /);
        } finally {
          await killed(holder);
        }
        await expect.poll(() => tryInProcess(dir, apart, staleMs), { timeout: 30_000, interval: 250 }).toBe('locked');
      }, 60_000);
    },
  );

  it('keeps a second database off a directory one has open, and lets it on after the close', async () => {
    const dir = freshDir('d');
    // A database already made (the migrated template's copy): PGlite need not create one first.
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const first = await openDatabase({ dataDir: dir, migrate: false });
    await expect(openDatabase({ dataDir: dir, migrate: false })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const second = await openDatabase({ dataDir: dir, migrate: false });
    await second.ping();
    await second.close();
  }, 60_000);
});
