import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCES = path.resolve(import.meta.dirname, '..');

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });

describe('the colour schemes in the app’s CSS (docs/adr/0047-dark-mode.md)', () => {
  it('use the theme’s variables, not light-dark(), which the build lowers to variables nobody sets', () => {
    const offenders = cssFiles(SOURCES).filter((file) =>
      // Comments may name it; declarations may not.
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .includes('light-dark('),
    );
    expect(offenders.map((file) => path.relative(SOURCES, file))).toEqual([]);
  });
});
