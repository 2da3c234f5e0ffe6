import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFileOf } from './code-cache.js';

const SCRIPT = fileURLToPath(new URL('../test/code-cache-process.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'nubes-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A CommonJS file whose answer comes from a function: the code the cache holds, not only data. Its
 * `more` is compiled only in a run with MORE=1, as a full start compiles more than one refused early.
 */
const writeModule = (name: string, answer: number) => {
  const file = path.join(dir, name);
  const steps = Array.from({ length: 400 }, (_, index) => `  total += Math.sqrt(total + ${index});`);
  const source = [
    "const path = require('node:path');",
    `const answer = () => ${answer};`,
    'const more = () => {',
    '  let total = 0;',
    ...steps,
    '  return total;',
    '};',
    "if (process.env.MORE === '1') more();",
    'module.exports = { answer: answer(), folder: path.basename(__dirname), file: path.basename(__filename) };',
  ].join('\n');
  writeFileSync(file, source);
  return file;
};

interface Run {
  outcome: string;
  exports: { answer: number; folder: string; file: string };
  saved: boolean | null;
}

/** One load in a process of its own, as every start is. */
const load = (file: string, action: 'save' | 'run' = 'run', env: Record<string, string> = {}): Run => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, file, action], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Run;
};

// Nothing here touches a database: once, beside PGlite, is enough.
describe.skipIf(process.env.NUBES_TEST_DB === 'postgres')('runWithCodeCache', () => {
  it('runs a file as CommonJS, saves its code, and the next start compiles from that', () => {
    const file = writeModule('plain.cjs', 41);
    const first = load(file, 'save');
    expect(first).toEqual({
      outcome: 'absent',
      exports: { answer: 41, folder: path.basename(dir), file: 'plain.cjs' },
      saved: true,
    });
    expect(existsSync(codeCacheFileOf(file))).toBe(true);
    // Its cache was used, so there is nothing newer to write.
    expect(load(file, 'save')).toEqual({ ...first, outcome: 'accepted', saved: false });
  });

  it('sets the V8 flags a run asks for before compiling, so that its cache serves the next run with them', () => {
    const file = writeModule('flags.cjs', 12);
    const flags = { V8_FLAGS: '--wasm-tiering-budget=20000000' };
    expect(load(file, 'save', flags)).toMatchObject({ outcome: 'absent', saved: true });
    expect(load(file, 'save', flags)).toMatchObject({ outcome: 'accepted', exports: { answer: 12 }, saved: false });
    // The flag is in effect: V8 refuses that cache to a run without it, and to one with another value.
    expect(load(file)).toMatchObject({ outcome: 'rejected', exports: { answer: 12 } });
    expect(load(file, 'run', { V8_FLAGS: '--wasm-tiering-budget=30000000' })).toMatchObject({ outcome: 'rejected' });
  });

  it('replaces a cache that holds clearly less than a run compiled, and keeps it otherwise', () => {
    const file = writeModule('grown.cjs', 5);
    // As a start refused for its configuration would leave it.
    expect(load(file, 'save')).toMatchObject({ outcome: 'absent', saved: true });
    const full = { MORE: '1' };
    expect(load(file, 'save', full)).toMatchObject({ outcome: 'accepted', saved: true });
    expect(load(file, 'save', full)).toMatchObject({ outcome: 'accepted', saved: false });
    expect(load(file, 'save')).toMatchObject({ outcome: 'accepted', saved: false });
  });

  it('never runs the code of another file of the same length', () => {
    const file = writeModule('edited.cjs', 41);
    load(file, 'save');
    // V8 alone checks only the source's length, and would run the cached 41.
    writeModule('edited.cjs', 42);
    const edited = load(file, 'save');
    expect(edited).toMatchObject({ outcome: 'absent', exports: { answer: 42 }, saved: true });
    expect(load(file)).toMatchObject({ outcome: 'accepted', exports: { answer: 42 } });
  });

  it('compiles from the source when V8 refuses the cache, and replaces it', () => {
    const file = writeModule('refused.cjs', 7);
    load(file, 'save');
    const cacheFile = codeCacheFileOf(file);
    const stored = readFileSync(cacheFile);
    // The file's digest stays, V8's part is broken.
    writeFileSync(cacheFile, Buffer.concat([stored.subarray(0, 20), Buffer.alloc(stored.length - 20, 1)]));
    expect(load(file, 'save')).toMatchObject({ outcome: 'rejected', exports: { answer: 7 }, saved: true });
    expect(load(file)).toMatchObject({ outcome: 'accepted', exports: { answer: 7 } });
  });

  it('leaves a start as it was when the cache cannot be written', () => {
    const file = writeModule('unwritable.cjs', 3);
    // A folder where the cache file would go: the rename onto it fails, as in a read-only install.
    mkdirSync(path.join(codeCacheFileOf(file), 'occupied'), { recursive: true });
    expect(load(file, 'save')).toMatchObject({ outcome: 'absent', exports: { answer: 3 }, saved: false });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
