// The entry of the server's bundle, built to dist/bundle/main.js beside the server itself
// (dist/bundle/server.cjs, scripts/bundle-server.mjs): it runs the server with the code V8 compiled
// in a former run, and leaves that code for the next one (docs/adr/0067-server-bundle-with-code-cache.md).
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './operations/code-cache.js';

/**
 * By then the start and the first requests have compiled what a start needs; much later, V8 may
 * have dropped the code of functions that ran only during the start.
 */
const SAVE_AFTER_MS = 20_000;

const server = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)));
setTimeout(() => server.save(), SAVE_AFTER_MS).unref();
// A process that ends sooner (a test's portal, a stopped first start) saves what it compiled.
process.once('exit', () => server.save());
