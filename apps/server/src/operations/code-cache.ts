import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** What a load made of the code cache it found beside the file. */
export type CodeCacheOutcome = 'accepted' | 'rejected' | 'absent';

export interface CodeCachedRun {
  /** What the file put on `module.exports`. */
  exports: unknown;
  outcome: CodeCacheOutcome;
  /**
   * Writes V8's code of every function compiled so far beside the file, once, unless the load used
   * a cache already. Never throws: a folder the process may not write keeps the start as it was.
   */
  save(): boolean;
}

/** The bundle's SHA-1 heads the cache: V8 checks only the source's length, so an edit of the same length would pass. */
const DIGEST_BYTES = 20;

export const codeCacheFileOf = (file: string) => `${file}.v8-cache`;

const readCache = (cacheFile: string, digest: Buffer): Buffer | undefined => {
  try {
    const stored = readFileSync(cacheFile);
    return stored.subarray(0, DIGEST_BYTES).equals(digest) ? stored.subarray(DIGEST_BYTES) : undefined;
  } catch {
    // None yet, or unreadable: the source is compiled as without a cache.
    return undefined;
  }
};

/**
 * Runs a CommonJS file as node's `require` would, but compiled with the V8 code cache a former run
 * left beside it: node 20 keeps no such cache itself, and compiling the server's bundle was about a
 * tenth of a start (docs/adr/0067-server-bundle-with-code-cache.md).
 */
export const runWithCodeCache = (file: string): CodeCachedRun => {
  const bytes = readFileSync(file);
  const digest = createHash('sha1').update(bytes).digest();
  const cacheFile = codeCacheFileOf(file);
  const cachedData = readCache(cacheFile, digest);
  const script = new vm.Script(Module.wrap(bytes.toString('utf8')), { filename: file, cachedData });
  const outcome: CodeCacheOutcome =
    cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';

  let saved = outcome === 'accepted';
  const save = () => {
    if (saved) return false;
    saved = true;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, Buffer.concat([digest, script.createCachedData()]));
      // A rename: several processes of one bundle may save at once, and a reader sees a whole file.
      renameSync(temporary, cacheFile);
      return true;
    } catch {
      rmSync(temporary, { force: true });
      return false;
    }
  };

  const module: { exports: unknown } = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, outcome, save };
};
