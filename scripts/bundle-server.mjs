// The server as one bundle (apps/server/dist/bundle/main.js), built from tsc's output as a step of
// scripts/lib/build-steps.mjs: node then reads and compiles a few files instead of resolving and
// reading about 1,700, which was most of a start's time (docs/adr/0058-server-bundle-and-start-time.md).
//
// The bundle sits two folders below apps/server like tsc's own modules (dist/config/config.js,
// dist/db/client.js): the paths they take from `import.meta.url` (the web app's dist, the
// migrations) resolve to the same place from there.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist/bundle');

/**
 * Left to node_modules, each for a reason: files read beside their own code (PGlite's WebAssembly
 * and data, swagger's UI assets and package.json, pino's worker files), and the development IdP,
 * which the server imports only after it listens (docs/adr/0049-build-stamps-and-start-time.md).
 */
const EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger', '@fastify/swagger-ui', 'pino', 'oidc-provider'];

// Chunk names carry a hash of their content: an earlier build's chunks would stay beside the new ones.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'apps/server/dist/main.js')],
  outdir,
  bundle: true,
  // Dynamic imports stay separate chunks, loaded when they are first needed (the development IdP).
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The CommonJS packages inside an ES module bundle still call `require` for node's own modules.
  // Not minified and without a source map: a stack trace names the bundle's lines, which keep the
  // code as written and a comment with each module's path.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
