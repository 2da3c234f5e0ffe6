#!/usr/bin/env node
// The whole test suite, as `npm test` runs it: build, unit/API/database tests (PGlite and, when
// the binaries exist, a throwaway PostgreSQL 15), then the browser tests in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from './lib/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const chromium = chromiumPath();

const run = (command, args, options = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
};
/** The same, beside other work: resolves with the exit status. */
const start = (command, args, options = {}) => {
  console.log(`\n> ${command} ${args.join(' ')} (alongside)`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
};

const ensureChromium = () => {
  if (existsSync(chromium)) return;
  console.log("Chromium is missing: installing Debian's package with apt-get.");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env });
  if (
    apt(['update']) !== 0 ||
    apt(['install', '-y', '--no-install-recommends', 'chromium']) !== 0 ||
    !existsSync(chromium)
  ) {
    console.error(`Could not install Chromium at ${chromium}.`);
    process.exit(1);
  }
};

const counts = { passed: 0, failed: 0, skipped: 0 };
/** Lines of a failure worth reading: the message and the frames in the project's own code. */
const readableLines = (text) =>
  text
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line))
    .slice(0, 12)
    .map((line) => `    ${line.replaceAll(root + path.sep, '')}`);

// The CI log keeps only the output's end, where the vitest reporter's own account of a failure is
// long gone: the failed tests are told again after the browser tests.
const vitestFailures = [];
const readVitest = () => {
  const file = path.join(results, 'vitest.json');
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    const where = path.relative(root, suite.name);
    if (suite.message) vitestFailures.push([`${where}`, ...readableLines(suite.message)]);
    for (const test of suite.assertionResults.filter(({ status }) => status === 'failed')) {
      vitestFailures.push([`${where} › ${test.fullName}`, ...test.failureMessages.flatMap(readableLines)]);
    }
  }
  return true;
};
const readPlaywright = () => {
  const file = path.join(results, 'e2e.json');
  if (!existsSync(file)) return false;
  const { stats, errors = [] } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  // An error outside any test (the global teardown's log secrecy check, ADR 0051) is a failed test too.
  counts.failed += stats.unexpected + errors.length;
  counts.skipped += stats.skipped;
  return true;
};

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
ensureChromium();

let status = run('npm', ['run', 'build']);
if (status !== 0) {
  console.error('The build failed.');
  process.exit(status);
}
// The browser tests' data directory is migrated and seeded while the Vitest projects run: their
// global setups leave a core idle, and the browser tests' server then starts on a seeded directory
// (e2e/prepare-data-dir.ts, docs/adr/0005-testing.md).
const e2eDataDir = () => mkdtempSync(path.join(tmpdir(), 'nubes-e2e-'));
process.env.NUBES_E2E_DATA_DIR = e2eDataDir();
const preparing = start(process.execPath, ['--import', 'tsx', path.join('e2e', 'prepare-data-dir.ts')]);
const vitestReport = path.join(results, 'vitest.json');
const vitest = start('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
// The report is written when the last test has run; Vitest's exit waits for its teardown (the
// throwaway PostgreSQL stopped, the workers ended), seconds the browser tests need not wait for.
const reported = new Promise((resolve) => {
  const poll = setInterval(() => {
    if (existsSync(vitestReport)) resolve(clearInterval(poll));
  }, 200);
  vitest.then(() => resolve(clearInterval(poll)));
});
await reported;
if ((await preparing) !== 0) {
  // The browser tests' server seeds a fresh directory itself, as in a run of the browser tests alone.
  rmSync(process.env.NUBES_E2E_DATA_DIR, { recursive: true, force: true });
  process.env.NUBES_E2E_DATA_DIR = e2eDataDir();
}
const e2e = await start('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
const unit = await vitest;
const readAll = readVitest() & readPlaywright();
status = unit || e2e || (readAll ? 0 : 1);
if (!readAll) counts.failed += 1;

if (vitestFailures.length > 0) {
  console.log('\nFailed in vitest:');
  for (const [title, ...lines] of vitestFailures) console.log(`  ✘ ${title}\n${lines.join('\n')}`);
}

console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(status);
