import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteSharedBuffersMb, pgliteStartParams } from './pglite-start-params.js';

const MB = 1024 * 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data dir whose databases' files have these sizes (sparse files: nothing is written). */
const dataDirWith = (...sizes: number[]): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nubes-buffers-'));
  dirs.push(dir);
  sizes.forEach((size, index) => {
    const folder = path.join(dir, 'base', String(index % 2 ? 5 : 1));
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, String(16_384 + index));
    writeFileSync(file, '');
    truncateSync(file, size);
  });
  // Not the databases: WAL segments do not count.
  const wal = path.join(dir, 'pg_wal', '000000010000000000000001');
  mkdirSync(path.dirname(wal));
  writeFileSync(wal, '');
  truncateSync(wal, 512 * MB);
  return dir;
};

describe("PGlite's shared buffers", () => {
  it('are the least, 32 MB, for a data dir not made yet and for a small database', () => {
    expect(pgliteSharedBuffersMb(path.join(tmpdir(), 'nubes-no-such-data-dir'))).toBe(32);
    expect(pgliteSharedBuffersMb(dataDirWith(8 * MB, 12 * MB))).toBe(32);
  });

  it('are the least for a database in memory, which has no data dir', () => {
    expect(pgliteSharedBuffersMb()).toBe(32);
    expect(pgliteStartParams()).toContain('shared_buffers=32MB');
  });

  it("hold a larger database's files, in steps of 16 MB", () => {
    expect(pgliteSharedBuffersMb(dataDirWith(30 * MB, 20 * MB))).toBe(64);
  });

  it("stay at PostgreSQL's default, 128 MB, however large the database", () => {
    expect(pgliteSharedBuffersMb(dataDirWith(100 * MB, 900 * MB))).toBe(128);
  });

  it("are added to PGlite's own start parameters", () => {
    const params = pgliteStartParams(dataDirWith(70 * MB));
    expect(params).toContain('--single');
    expect(params.slice(-4)).toEqual(['-c', 'shared_buffers=80MB', '-c', 'random_page_cost=1.1']);
  });
});
