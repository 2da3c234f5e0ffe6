// The server as one bundle, built from tsc's output as a step of scripts/lib/build-steps.mjs: node
// then reads and compiles one file instead of resolving and reading about 1,700, which was most of
// a start's time (docs/adr/0058-server-bundle-and-start-time.md). The server is one CommonJS file
// (dist/bundle/server.cjs), which its entry (dist/bundle/main.js, from src/bundle-entry.ts) requires
// (docs/adr/0075-no-v8-internals-tuning.md).
//
// The bundle sits two folders below apps/server like tsc's own modules (dist/config/config.js,
// dist/db/client.js): the paths they take from `import.meta.url` (the web app's dist, the
// migrations) resolve to the same place from there.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist/bundle');

/**
 * Left to node_modules, each for a reason: files read beside their own code (PGlite's WebAssembly
 * and data, pino's worker files). Fastify's default schema compilers never load, since the portal
 * gives it the routes' zod compilers (app.ts): in the bundle they were a seventh of what every start
 * parses (docs/adr/0066-start-loads-what-it-uses.md). Each is required, so none may be an ES module
 * only: the development IdP's oidc-provider is one, and is bundled.
 */
const EXTERNAL = ['@electric-sql/pglite', 'pino', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

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

/**
 * Non-ASCII characters as escapes. esbuild escapes them in strings, but not in comments and regular
 * expressions; one such character makes node read the whole file as a two-byte string, twice the
 * memory and five times the decoding. An escape means the same character in all three.
 */
const asciiOnly = (code) =>
  code.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

// An earlier build's files would stay beside the new ones.
rmSync(outdir, { recursive: true, force: true });
const server = path.join(outdir, 'server.cjs');
const { metafile } = await build({
  entryPoints: [path.join(root, 'apps/server/dist/main.js')],
  outfile: server,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // The plugin's own-folder code resolves their package.json at run time.
  external: [...EXTERNAL, ...OWN_FOLDER.map((name) => `${name}/package.json`)],
  plugins: [ownFolderPlugin],
  // The modules' `import.meta.url` is the bundle's own (they sit two folders below apps/server, as it does).
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: [path.join(root, 'scripts/lib/import-meta-url.mjs')],
  metafile: true,
  // Not minified and without a source map: a stack trace names the bundle's lines, which keep the
  // code as written and a comment with each module's path.
  logLevel: 'warning',
});
/** The `type` of the package.json nearest above a file, which decides how node loads its `.js`. */
const packageTypeOf = (file) => {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type;
    if (path.dirname(folder) === folder) return undefined;
  }
};
const requireFromBundle = createRequire(server);
/**
 * What the bundle leaves outside that it cannot load: a `require` of a file node loads as an ES
 * module (its default export would be the module's namespace). Such a package must be bundled.
 */
const unloadable = (entry) => {
  if (entry.kind === 'dynamic-import' || isBuiltin(entry.path)) return null;
  let file;
  try {
    file = requireFromBundle.resolve(entry.path);
  } catch {
    // An optional package not installed (pg's `pg-native`): esbuild leaves a `require` inside a
    // `try` to fail at run time, as the package expects.
    return null;
  }
  if (file.endsWith('.mjs')) return 'an ES module';
  return file.endsWith('.js') && packageTypeOf(file) === 'module' ? 'an ES module' : null;
};
const problems = Object.values(metafile.outputs)
  .flatMap((output) => output.imports)
  .filter((entry) => entry.external)
  .map((entry) => ({ path: entry.path, problem: unloadable(entry) }))
  .filter((entry) => entry.problem);
if (problems.length > 0) {
  console.error(
    `bundle-server: left outside the bundle but not loadable from it: ${problems.map((e) => `${e.path} (${e.problem})`).join(', ')}`,
  );
  process.exit(1);
}
writeFileSync(server, asciiOnly(readFileSync(server, 'utf8')));

await build({
  entryPoints: [path.join(root, 'apps/server/dist/bundle-entry.js')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
