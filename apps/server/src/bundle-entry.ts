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

/**
 * PGlite's PostgreSQL is WebAssembly, which V8 first runs as quickly compiled code and compiles
 * again, optimized, once a function has run through a budget. With V8's default budget opening the
 * demo data and thirty queries sent 72 functions to the optimizing compiler, 2.6 s of its work on
 * the worker threads; on two cores that held the start up by 0.3–0.7 s. Eleven times the budget
 * (12 functions, 1.0 s) leaves that to the functions that stay hot
 * (docs/adr/0068-start-work-after-listening-in-turns.md). Without PGlite it changes nothing.
 */
const V8_FLAGS = ['--wasm-tiering-budget=20000000'];

const server = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)), { v8Flags: V8_FLAGS });
setTimeout(() => server.save(), SAVE_AFTER_MS).unref();
// A process that ends sooner (a test's portal, a stopped first start) saves what it compiled.
process.once('exit', () => server.save());
