import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSource = path.resolve(import.meta.dirname, '..');
const readme = path.resolve(serverSource, '../../../README.md');

/** The server's own source: tests and the test harness (src/test/) read settings of their own. */
const sourceFiles = (): string[] =>
  readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.split(path.sep).includes('test'))
    .map((file) => path.join(serverSource, file));

const READ_BY_NAME = /\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g;
/** `env[name]`: a read this test cannot see, so it is not allowed. */
const READ_BY_EXPRESSION = /\benv\[\s*(?!['"`])/;

/** The first cell of each row of the README's Configuration table: every `NAME` in it. */
const settingsInReadme = (): Set<string> => {
  const text = readFileSync(readme, 'utf8');
  const section = text.slice(text.indexOf('\n## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1) === -1 ? undefined : section.indexOf('\n## ', 1));
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)[^`]*`/g)) names.add(name!);
  }
  return names;
};

// Reads files only: one project is enough.
describe("the README's settings table", () => {
  const files = sourceFiles();
  const read = new Map<string, string>();
  for (const file of files)
    for (const match of readFileSync(file, 'utf8').matchAll(READ_BY_NAME))
      read.set(match[1] ?? match[2]!, path.relative(serverSource, file));

  it('finds the settings the server reads', () => {
    expect(files.length).toBeGreaterThan(50);
    expect([...read.keys()]).toEqual(expect.arrayContaining(['PUBLIC_URL', 'JWT_SECRET', 'TRUST_PROXY']));
  });

  it('reads every setting by its name, so this test sees it', () => {
    const byExpression = files.filter((file) => READ_BY_EXPRESSION.test(readFileSync(file, 'utf8')));
    expect(byExpression.map((file) => path.relative(serverSource, file))).toEqual([]);
  });

  it('names every setting the server reads', () => {
    const table = settingsInReadme();
    const missing = [...read].filter(([name]) => !table.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'settings missing from README.md, section Configuration').toEqual([]);
  });

  it('names no setting that nobody reads', () => {
    const unread = [...settingsInReadme()].filter((name) => !read.has(name));
    expect(unread, 'settings in README.md that apps/server/src never reads').toEqual([]);
  });
});
