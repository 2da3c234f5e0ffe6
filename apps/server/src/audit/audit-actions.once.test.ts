import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAuditAction } from '@nubes/domain';
import { expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

/**
 * The types hold every written event to the union, and recordAuditEvents parses each one before it
 * is stored; this catches what bypasses both (an action written as data, or in SQL text).
 */
it('writes no audit action that the domain’s event union does not know', () => {
  const written = new Map<string, string>();
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\baction: '([^']+)'/g)) written.set(match[1]!, path.relative(SOURCE, file));
    // Events inserted by SQL name their action as a literal in the select list.
    for (const match of text.matchAll(/'(service|keyword|user|admin|login|institution)\.[A-Za-z.]+',\s*\n?\s*jsonb/g))
      written.set(match[0].slice(1, match[0].indexOf("'", 1)), path.relative(SOURCE, file));
  }
  expect(written.size).toBeGreaterThan(10);
  expect([...written].filter(([action]) => !isAuditAction(action))).toEqual([]);
});
