import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { hasPostgres } from './scripts/lib/throwaway-postgres.mjs';

const domainSource = new URL('./packages/domain/src/index.ts', import.meta.url).pathname;
const alias = { '@nubes/domain': domainSource };

/** Real PostgreSQL runs beside PGlite whenever the server binaries are on the machine. */
const withPostgres = process.env.NUBES_TEST_POSTGRES !== 'false' && hasPostgres();

const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
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

export default defineConfig({
  test: {
    // PGlite instances are heavy (≈450 MB each); two files at a time fit two cores.
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The browser tests' own helpers (what they read from a run), not the browser tests themselves.
      { test: { name: 'e2e-helpers', root: 'e2e', include: ['*.test.ts'] } },
      serverProject('server-pglite', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
      ...(existsSync('apps/web/vite.config.ts') ? ['apps/web/vite.config.ts'] : []),
    ],
  },
});
