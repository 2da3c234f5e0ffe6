import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const dirname = import.meta.dirname;
// The portal's server; another address (e.g. a second instance on another port) through NUBES_API_URL.
const API_TARGET = process.env.NUBES_API_URL || 'http://localhost:8080';
const DOMAIN_SOURCES = path.resolve(dirname, '../../packages/domain/src');

/**
 * The domain package's modules only declare things, but its zod schemas are top-level calls a
 * bundler must otherwise keep. Declaring the modules side-effect free lets unused schemas (and
 * with them zod) drop out of the initial bundle. Done here, not in the domain's package.json,
 * so the server's build is untouched.
 */
const domainIsSideEffectFree = (): Plugin => ({
  name: 'nubes:domain-side-effect-free',
  transform(_code, id) {
    return id.startsWith(DOMAIN_SOURCES) ? { moduleSideEffects: false } : null;
  },
});

export default defineConfig({
  root: dirname,
  plugins: [react(), domainIsSideEffectFree()],
  resolve: {
    // Bundle the domain package from source: one copy of the rules, no build step in between.
    alias: [
      // The catalogues' parts, each its own module: the English shell part is bundled, the others
      // load on demand as their own chunks (apps/web/src/i18n/i18n.ts, ADR 0026).
      { find: /^@nubes\/domain\/i18n\/([\w-]+)$/, replacement: `${path.resolve(DOMAIN_SOURCES, 'i18n')}/$1.ts` },
      { find: /^@nubes\/domain$/, replacement: path.resolve(DOMAIN_SOURCES, 'browser.ts') },
      // @rjsf/core imports rjsf's Ajv validator for a test helper only; the policy form has its own.
      {
        find: /^@rjsf\/validator-ajv8$/,
        replacement: path.resolve(dirname, 'src/features/resource-packages/policy/rjsfDefaultValidator.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The benchmark reads .vite/manifest.json to sum the initial JavaScript.
    manifest: true,
    // Everything the entry loads before its first screen is one chunk: left to Rolldown it was 24
    // files of a median 1 KB, each a request of its own on every first visit (docs/adr/0137-the-shell-in-one-chunk.md).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
    modulePreload: {
      // The entry's lazy screens (app/pages.ts, about 40) would each carry the list of every chunk
      // they import, 4 KB gzip in the shell that every visitor loads. Without it a screen's chunks
      // load when the screen's own chunk has arrived (one round trip later on its first opening);
      // the stylesheets stay in the lists, as a screen must not paint before them (ADR 0045).
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)index-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/dev-idp': API_TARGET,
    },
  },
  // `vite preview` serves the build under the server's policy, so a CSP violation shows up before deployment.
  preview: {
    headers: {
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'",
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: [path.resolve(dirname, 'src/test/setup.ts')],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // @rjsf/mantine's ESM imports dayjs plugins without their extension, which only a bundler
    // resolves, and @rjsf/core's entry imports the validator the alias above replaces: Vite
    // transforms both for the tests as it does for the build.
    server: { deps: { inline: [/@rjsf\/(core|mantine)/] } },
    // jsdom renders whole screens; on two shared cores a walk through a form can pass 5 s. Tests assert behaviour, not time.
    testTimeout: 20_000,
  },
});
