/**
 * `node --import tsx code-cache-process.ts <file> [save]`: runs the file with `runWithCodeCache`
 * in a process of its own, saves its code cache when asked, and prints what became of both as
 * JSON (operations/code-cache.test.ts). A fresh process matters: V8 keeps what it compiled for a
 * source in memory and would answer a second load in the same process from there.
 */
import { runWithCodeCache } from '../operations/code-cache.js';

const [file, action] = process.argv.slice(2);
if (!file) throw new Error('usage: code-cache-process.ts <file> [save]');
// V8 flags for the run, space-separated (V8_FLAGS): as the bundle's entry sets its own.
const v8Flags = process.env.V8_FLAGS?.split(' ').filter(Boolean) ?? [];
const run = runWithCodeCache(file, { v8Flags });
const saved = action === 'save' ? run.save() : null;
console.log(JSON.stringify({ outcome: run.outcome, exports: run.exports, saved }));
