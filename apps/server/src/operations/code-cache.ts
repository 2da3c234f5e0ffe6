import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/** What a load made of the code cache it found beside the file. */
export type CodeCacheOutcome = 'accepted' | 'rejected' | 'absent';

export interface CodeCachedRun {
  /** What the file put on `module.exports`. */
  exports: unknown;
  outcome: CodeCacheOutcome;
  /**
   * Writes V8's code of every function compiled so far beside the file, once: when the load found
   * no cache or V8 refused it, or when this run compiled clearly more than the cache held. Never
   * throws: a folder the process may not write keeps the start as it was.
   */
  save(): boolean;
}

/** The bundle's SHA-1 heads the cache: V8 checks only the source's length, so an edit of the same length would pass. */
const DIGEST_BYTES = 20;

/** How much more code a run must have compiled than the cache it used held, to replace that cache. */
const REPLACE_WHEN_GROWN_BY = 1.25;

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
export const runWithCodeCache = (
  file: string,
  { v8Flags = [] }: { v8Flags?: readonly string[] } = {},
): CodeCachedRun => {
  // Set before the compile: V8 checks a cache against every flag, so a flag set afterwards would
  // make the cache this run saves one the next run refuses.
  for (const flag of v8Flags) v8.setFlagsFromString(flag);
  const bytes = readFileSync(file);
  const digest = createHash('sha1').update(bytes).digest();
  const cacheFile = codeCacheFileOf(file);
  const cachedData = readCache(cacheFile, digest);
  const script = new vm.Script(Module.wrap(bytes.toString('utf8')), { filename: file, cachedData });
  const outcome: CodeCacheOutcome =
    cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';

  /** The code to write, or null when the cache this run used holds about as much. */
  const codeToWrite = (): Buffer | null => {
    const code = script.createCachedData();
    // A cache from a run that ended early (a start refused for its configuration) holds little of
    // what a start compiles: a run that compiled clearly more replaces it, any other leaves it.
    const enough = outcome === 'accepted' && cachedData && code.length < cachedData.length * REPLACE_WHEN_GROWN_BY;
    return enough ? null : Buffer.concat([digest, code]);
  };

  let saved = false;
  const save = () => {
    if (saved) return false;
    saved = true;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    let descriptor: number;
    try {
      descriptor = openSync(temporary, 'w');
    } catch {
      // A folder the process may not write (the container's): not worth serializing the code.
      return false;
    }
    let written = false;
    try {
      const code = codeToWrite();
      if (code) {
        writeFileSync(descriptor, code);
        written = true;
      }
    } catch {
      // Nothing usable written: the temporary file goes below.
    } finally {
      closeSync(descriptor);
    }
    try {
      // A rename: several processes of one bundle may save at once, and a reader sees a whole file.
      if (written) renameSync(temporary, cacheFile);
      return written;
    } catch {
      return false;
    } finally {
      rmSync(temporary, { force: true });
    }
  };

  const module: { exports: unknown } = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, outcome, save };
};
