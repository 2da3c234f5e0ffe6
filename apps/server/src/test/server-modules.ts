import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const sources = path.join(serverRoot, 'src');

/** The server's own source files (not its tests, nor this folder), relative to src. */
const serverSources = (): string[] =>
  readdirSync(sources, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`),
  );

const modifiedAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : -Infinity);

/** Whether `built` is at least as new as every source file (as right after the build `npm test` runs first). */
export const builtAfterEverySource = (built: string): boolean => {
  const builtAt = modifiedAt(built);
  return serverSources().every((file) => builtAt >= statSync(path.join(sources, file)).mtimeMs);
};

/**
 * Where a child process of a test imports the server's modules from (`<folder>/db/client.js`), and
 * the node flags it needs: tsc's output (`dist`) when each of its modules is at least as new as its
 * source, since node then starts without compiling anything; otherwise the sources through tsx, so
 * a test run alone after an edit runs the code as it is now.
 */
export const serverModules = (): { folder: string; nodeFlags: string[] } => {
  const dist = path.join(serverRoot, 'dist');
  const fresh = serverSources().every(
    (file) => modifiedAt(path.join(dist, file.replace(/\.ts$/, '.js'))) >= statSync(path.join(sources, file)).mtimeMs,
  );
  return fresh ? { folder: dist, nodeFlags: [] } : { folder: sources, nodeFlags: ['--import', 'tsx'] };
};
