#!/usr/bin/env node
// Code, comments, tests, OpenAPI descriptions, error texts and docs point only at what is in this
// repository (an ADR, docs/, code): a reader has nothing else. This fails `npm run lint` when a
// tracked file names a document or ticket from outside it (ADR 0024).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** What points outside: the product documents by name or section, their folder, a ticket number. */
const OUTSIDE = [
  { pattern: /\b(?:SPEC|DESIGN)(?:\.md)?\b/, what: 'a product document outside the repository' },
  { pattern: /\.\.\/shared\b/, what: 'a folder outside the repository' },
  { pattern: /\bissue\s*#?\d/i, what: 'a ticket number' },
];

/** The lock file names packages, not documents; this file names the patterns themselves. */
const SKIPPED = new Set(['package-lock.json', 'scripts/check-references.mjs']);

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !SKIPPED.has(file));

const found = [];
for (const file of tracked) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  if (text.includes('\0')) continue;
  text.split('\n').forEach((line, index) => {
    for (const { pattern, what } of OUTSIDE)
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
  });
}

if (found.length > 0) {
  console.error(
    'These lines point outside the repository. Say the reason in your own words, or point to an ADR or docs/:',
  );
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
