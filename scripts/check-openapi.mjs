#!/usr/bin/env node
// The API document as clients get it (/api/openapi.json), checked by Redocly's `recommended` rules:
// any error fails `npm run lint`, warnings are printed (docs/adr/0114-an-api-document-clients-can-trust.md).
// Run under tsx (`node --import tsx`): the document is built from the server's sources, so the lint
// needs no build of the server; the domain package is built first, as the server imports its output.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createConfig, formatProblems, getTotals, lintFromString } from '@redocly/openapi-core';

const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync('npm', ['run', 'build', '-w', '@nubes/domain'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const [{ buildApp }, { loadConfig }] = await Promise.all([
  import('../apps/server/src/app.ts'),
  import('../apps/server/src/config/config.ts'),
]);

/**
 * Building the routes reads no row (the signing key is configured): a database that refuses every
 * use keeps the check free of one, and says so should that change.
 */
const noDatabase = new Proxy(
  {},
  {
    get: (_target, property) => {
      throw new Error(`the API document was built without a database, and the app read db.${String(property)}`);
    },
  },
);
const database = {
  db: noDatabase,
  kind: 'pglite',
  ping: async () => false,
  close: async () => undefined,
};
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'only-for-building-the-api-document-0123456789',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'only for building the api document',
  WEB_DIST: '/nonexistent',
  PUBLIC_URL: 'https://nubes.invalid',
});
const app = await buildApp(config, database);
await app.ready();
const source = JSON.stringify(app.swagger());
await app.close();

const problems = await lintFromString({
  source,
  absoluteRef: path.join(root, 'openapi.json'),
  config: await createConfig({ extends: ['recommended'] }),
});
const totals = getTotals(problems);
if (problems.length > 0) formatProblems(problems, { format: 'summary', totals, version: 'recommended' });
console.log(`API document: ${totals.errors} errors, ${totals.warnings} warnings (Redocly recommended)`);
process.exit(totals.errors > 0 ? 1 : 0);
