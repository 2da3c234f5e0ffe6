#!/usr/bin/env node
// Fails when a module exports something no other module of its package imports (ADR 0024).
// ts-unused-exports reads each package's own tsconfig; the domain package re-exports everything
// from its index, so its exports count as used there and were swept across packages by hand.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules', '.bin', 'ts-unused-exports');

/** Entry points another tool loads by their default export, and the DataTable's public API (ADR 0018). */
const IGNORE = [
  'test/global-setup-',
  'vite.config.ts',
  'global-teardown.ts',
  'failure-context-reporter.ts',
  'playwright.config.ts',
  'components/data-table/index.ts',
  // What vite.config.ts's alias puts in place of a package: its default export is the module's point.
  'rjsfDefaultValidator.ts',
].join('|');

const PROJECTS = [
  'packages/domain/tsconfig.check.json',
  'apps/server/tsconfig.check.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
];

let failed = false;
for (const project of PROJECTS) {
  const result = spawnSync(
    bin,
    [project, '--allowUnusedTypes', '--ignoreLocallyUsed', `--ignoreFiles=${IGNORE}`, '--silent'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    failed = true;
    console.error(`Exports nothing imports (${project}):\n${result.stdout}${result.stderr}`);
  }
}
if (failed) {
  console.error(
    'Remove the export, or the code, or use it: see docs/adr/0024-references-dead-exports-and-duplication.md.',
  );
  process.exit(1);
}
