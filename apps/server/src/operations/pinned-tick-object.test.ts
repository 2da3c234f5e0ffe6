import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../test/tick-feedback-process.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'nubes-tick-feedback-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * V8's feedback for the keys Node's tick entries define after their first computed one, after a
 * full collection. V8 prints it on the process's own stdout, which here is a file: written to a
 * pipe, it loses everything past the first few kilobytes.
 */
const tickKeyFeedback = (mode: 'pin' | 'none') => {
  const file = path.join(dir, `${mode}.txt`);
  const stdout = openSync(file, 'w');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--allow-natives-syntax', '--expose-gc', SCRIPT, mode],
    { encoding: 'utf8', stdio: ['ignore', stdout, 'pipe'], timeout: 60_000 },
  );
  closeSync(stdout);
  expect(result.status, result.stderr).toBe(0);
  const printed = readFileSync(file, 'utf8');
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(([, state]) => state);
};

// Nothing here touches a database: once, beside PGlite, is enough.
describe.skipIf(process.env.NUBES_TEST_DB === 'postgres')('the pinned tick object', () => {
  it('keeps process.nextTick off V8 runtime calls after a full collection', () => {
    // Without the pin the collection frees the learnt shape and the next keys turn megamorphic:
    // when this stops holding, Node or V8 no longer forgets the shape and the pin can go.
    expect(tickKeyFeedback('none')).toContain('MEGAMORPHIC');
    const pinned = tickKeyFeedback('pin');
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned).not.toContain('MEGAMORPHIC');
  });
});
