import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { plannerParams } from './planner-settings.js';

const MB = 1024 * 1024;
/** PostgreSQL's own default, which PGlite keeps: what a data dir too large for its buffers gets. */
const MAX_SHARED_BUFFERS_MB = 128;
const MIN_SHARED_BUFFERS_MB = 32;
const STEP_MB = 16;

/** The bytes of the databases' files (`base/`); 0 for a data dir not made yet or none (in memory). */
const databaseBytes = (dataDir: string | undefined): number => {
  if (!dataDir) return 0;
  let entries;
  try {
    entries = readdirSync(path.join(dataDir, 'base'), { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    } catch {
      // Gone since the listing: it holds nothing to cache.
    }
  }
  return bytes;
};

/**
 * PGlite's shared buffers, in MB: enough to hold the databases' files, between 32 and 128. The
 * WebAssembly instance touches every page of its buffers at each start (about a third of a second
 * for PostgreSQL's default of 128 MB on a two-core host), so a small database starts with small
 * buffers; a large one keeps the default, since its lists' checks read whole tables and a miss
 * costs a read through the file system (docs/adr/0058-server-bundle-and-start-time.md).
 */
export const pgliteSharedBuffersMb = (dataDir?: string): number => {
  const needed = Math.ceil(databaseBytes(dataDir) / MB / STEP_MB) * STEP_MB;
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, needed));
};

/**
 * PGlite's own start parameters, with the shared buffers for this data dir and the planner's costs; without one (a database
 * in memory, whose files are in memory already) the least.
 */
export const pgliteStartParams = (dataDir?: string): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${pgliteSharedBuffersMb(dataDir)}MB`,
  ...plannerParams(),
];
