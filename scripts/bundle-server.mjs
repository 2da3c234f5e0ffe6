// The server as one bundle (apps/server/dist/bundle/main.js), built from tsc's output as a step of
// scripts/lib/build-steps.mjs: node then reads and compiles a few files instead of resolving and
// reading about 1,700, which was most of a start's time (docs/adr/0058-server-bundle-and-start-time.md).
//
// The bundle sits two folders below apps/server like tsc's own modules (dist/config/config.js,
// dist/db/client.js): the paths they take from `import.meta.url` (the web app's dist, the
// migrations) resolve to the same place from there.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist/bundle');

/**
 * Left to node_modules, each for a reason: files read beside their own code (PGlite's WebAssembly
 * and data, pino's worker files), and the development IdP, which the server imports only after it
 * listens (docs/adr/0049-build-stamps-and-start-time.md). Fastify's default schema compilers never
 * load, since the portal gives it the routes' zod compilers (app.ts): in the bundle they were a
 * seventh of what every start parses (docs/adr/0066-start-loads-what-it-uses.md).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pino',
  'oidc-provider',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/**
 * Bundled, though their code names its own folder (`__dirname`) to read a file there: the API
 * docs' page and assets, swagger's package.json. In the bundle each such module's `__dirname` is
 * its folder in node_modules again, found at run time; left outside, they loaded a second copy of
 * @fastify/static and its glob from node_modules at every start
 * (docs/adr/0066-start-loads-what-it-uses.md).
 */
const OWN_FOLDER = ['@fastify/swagger', '@fastify/swagger-ui'];

/** The folder of a package's files in an esbuild path filter, on either kind of separator. */
const packageFilter = (name) => new RegExp(`[\\\\/]node_modules[\\\\/]${name.replace('/', '[\\\\/]')}[\\\\/].*\\.js$`);

const ownFolderPlugin = {
  name: 'own-folder',
  setup(build) {
    for (const name of OWN_FOLDER) {
      build.onLoad({ filter: packageFilter(name) }, (args) => {
        const contents = readFileSync(args.path, 'utf8');
        // Without `__dirname`, esbuild loads the file as it would have.
        if (!contents.includes('__dirname')) return undefined;
        const file = args.path.split(path.sep).join('/');
        const marker = `/node_modules/${name}/`;
        const folder = path.posix.dirname(file.slice(file.lastIndexOf(marker) + marker.length));
        const packageFolder = `require('node:path').dirname(require.resolve(${JSON.stringify(`${name}/package.json`)}))`;
        const dirname = `require('node:path').join(${packageFolder}, ${JSON.stringify(folder)})`;
        return { contents: `var __dirname = ${dirname};\n${contents}`, loader: 'js' };
      });
    }
  },
};

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
  plugins: [ownFolderPlugin],
  // The CommonJS packages inside an ES module bundle still call `require` for node's own modules.
  // Not minified and without a source map: a stack trace names the bundle's lines, which keep the
  // code as written and a comment with each module's path.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
