import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

const root = mkdtempSync(path.join(tmpdir(), 'nubes-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const freshDir = (name: string) => {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** A process that holds the directory's lock and says so; it stays until it is killed. */
const holderProcess = async (dir: string, abstract = true) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))});
       await lockDataDir(${JSON.stringify(dir)}, { abstract: ${abstract} });
       console.log('locked');
       setInterval(() => undefined, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
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
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    const lock = await lockDataDir(dir);
    await lock.release();
  }, 30_000);

  it('on systems without abstract sockets: a socket file that a killed holder left behind is taken over', async () => {
    const dir = freshDir('e');
    const holder = await holderProcess(dir, false);
    try {
      await expect(lockDataDir(dir, { abstract: false })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    const lock = await lockDataDir(dir, { abstract: false });
    await expect(lockDataDir(dir, { abstract: false })).rejects.toBeInstanceOf(DataDirInUseError);
    await lock.release();
    const again = await lockDataDir(dir, { abstract: false });
    await again.release();
  }, 30_000);

  it('keeps a second database off a directory one has open, and lets it on after the close', async () => {
    const dir = freshDir('d');
    const first = await openDatabase({ dataDir: dir, migrate: false });
    await expect(openDatabase({ dataDir: dir, migrate: false })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const second = await openDatabase({ dataDir: dir, migrate: false });
    await second.ping();
    await second.close();
  }, 60_000);
});
