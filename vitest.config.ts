import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { hasPostgres } from './scripts/lib/throwaway-postgres.mjs';
import web from './apps/web/vite.config.ts';

const domainSource = new URL('./packages/domain/src/index.ts', import.meta.url).pathname;
const alias = { '@nubes/domain': domainSource };

/** Real PostgreSQL runs beside PGlite whenever the server binaries are on the machine. */
const withPostgres = process.env.NUBES_TEST_POSTGRES !== 'false' && hasPostgres();

/**
 * Which database a server test file runs on is declared in its name (docs/testing.md):
 * `x.test.ts` on both PGlite and PostgreSQL, `x.once.test.ts` once, on PGlite (it reaches no
 * database, or what it checks is the same on either), `x.postgres.test.ts` on PostgreSQL only.
 */
const ONCE = 'src/**/*.once.test.ts';
const POSTGRES_ONLY = 'src/**/*.postgres.test.ts';
if (!withPostgres)
  console.warn('No PostgreSQL binaries: the server tests named *.postgres.test.ts do not run (docs/testing.md).');

const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, kind === 'postgres' ? ONCE : POSTGRES_ONLY],
    environment: 'node',
    globalSetup: [`./src/test/global-setup-${kind}.ts`],
    env: { NUBES_TEST_DB: kind, NODE_ENV: 'test' },
    testTimeout: 30_000,
    // Each file builds its own app on its own database and closes both, so files can share one
    // module graph per worker: importing the server afresh for every file was half the suite's CPU.
    isolate: false,
    hookTimeout: 60_000,
  },
});

/**
 * The web tests share one module graph per worker (`isolate: false`): importing the app afresh for
 * every file (the setup file, Mantine, the screens) was over two fifths of their time. A file
 * that replaces a module (`vi.mock`) would replace it for the files after it, and the tests of
 * src/i18n need i18next as a first visit has it, with no catalogue part loaded yet: those files
 * keep a graph of their own. Found by reading the files, so a new one lands on the right side.
 */
const WEB_SOURCES = 'apps/web/src';
const webFilesOfTheirOwn = readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter(
    (file) =>
      file.startsWith(`i18n${path.sep}`) ||
      /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(path.join(WEB_SOURCES, file), 'utf8')),
  )
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  test: {
    // PGlite instances are heavy (≈450 MB each); two files at a time fit two cores.
    maxWorkers: 2,
    // jsdom has no layout, so Mantine's focus trap finds nothing focusable in an opened popover and
    // prints its whole React fiber (thousands of lines). The browser tests check that focus.
    onConsoleLog: (log) => !log.includes('[@mantine/hooks/use-focus-trap] Failed to find focusable element'),
    projects: [
      { resolve: { alias }, test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The browser tests' own helpers (what they read from a run), not the browser tests themselves.
      { test: { name: 'e2e-helpers', root: 'e2e', include: ['*.test.ts'] } },
      serverProject('server-pglite', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...webFilesOfTheirOwn],
          setupFiles: [web.test?.setupFiles ?? [], path.resolve(WEB_SOURCES, 'test/preload-lazy-modules.ts')].flat(),
        },
      },
      { ...web, test: { ...web.test, name: 'web-isolated', include: webFilesOfTheirOwn } },
    ],
  },
});
