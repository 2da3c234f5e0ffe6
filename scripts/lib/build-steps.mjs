// The build's steps (domain, server, its bundle, web app, instruction PDFs), each run only when its
// inputs changed since its last successful build (docs/adr/0049-build-stamps-and-start-time.md). A
// step's inputs are fingerprinted by path, size and modification time; the fingerprint is kept in a
// stamp file inside the step's output, so a fresh clone (no output) and a deleted dist build
// everything. `npm run build` (scripts/build.mjs) and `npm start` (scripts/start.mjs) run them.
// Steps that do not wait for each other run at once: the web app beside the domain and the server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STAMP = '.build-stamp';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** Every file under `entry` (a file or a directory), tests left out: no build reads them. */
const filesOf = (entry) => {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((item) => {
    if (item.isDirectory()) return SKIPPED_DIRS.has(item.name) ? [] : filesOf(path.join(entry, item.name));
    return /\.test\.[cm]?[jt]sx?$/.test(item.name) ? [] : [path.join(entry, item.name)];
  });
};

const fingerprint = (inputs) => {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf).sort()) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
};

const readStamp = (file) => {
  try {
    return readFileSync(path.join(root, file), 'utf8').trim();
  } catch {
    return null;
  }
};

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  }).then((status) => {
    if (status !== 0) {
      console.error(`build: ${[command, ...args].join(' ')} failed`);
      process.exit(status);
    }
  });

const npmRun = (...args) => run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', ...args]);

// Whatever every step depends on: the installed packages and the shared compiler settings.
const SHARED = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const DOMAIN = [...SHARED, 'packages/domain/src', 'packages/domain/package.json', 'packages/domain/tsconfig.json'];
const SERVER = [...DOMAIN, 'apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json'];
const WEB = [
  ...DOMAIN,
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
];

/** Each step: its inputs, an output that must exist, where its stamp lives and how it builds. */
const STEPS = [
  {
    name: 'domain',
    inputs: DOMAIN,
    output: 'packages/domain/dist/index.js',
    stamp: `packages/domain/dist/${STAMP}`,
    // tsc -b trusts its build info and does not notice deleted outputs: without them, everything anew.
    build: ({ fresh }) => npmRun('build', '-w', '@nubes/domain', ...(fresh ? ['--', '--force'] : [])),
  },
  {
    name: 'server',
    inputs: SERVER,
    // Its `tsc -b` builds the domain first when the domain's own step has not.
    waitsFor: ['domain'],
    output: 'apps/server/dist/main.js',
    stamp: `apps/server/dist/${STAMP}`,
    // Its own build info removed instead of `--force`, which would compile the referenced domain a
    // second time right after the domain's step.
    build: ({ fresh }) => {
      if (fresh) rmSync(path.join(root, 'apps/server/tsconfig.tsbuildinfo'), { force: true });
      return npmRun('build', '-w', '@nubes/server');
    },
  },
  {
    // What `npm start`, the container and the tests' portal processes run (scripts/bundle-server.mjs).
    name: 'server bundle',
    // Its own settings too: a new external package or option rebuilds it.
    inputs: [...SERVER, 'scripts/bundle-server.mjs'],
    after: ['server'],
    output: 'apps/server/dist/bundle/main.js',
    stamp: `apps/server/dist/bundle/${STAMP}`,
    build: () => run(process.execPath, ['scripts/bundle-server.mjs']),
  },
  {
    // Bundled from the domain's sources (apps/web/vite.config.ts), so it waits for no other step.
    name: 'web',
    inputs: WEB,
    output: 'apps/web/dist/index.html',
    stamp: `apps/web/dist/${STAMP}`,
    build: () => npmRun('build', '-w', '@nubes/web'),
  },
  {
    // Written into the web app's dist, which the web build empties: rebuilt after it, and when their texts or code change.
    name: 'instruction PDFs',
    inputs: [...DOMAIN, 'apps/server/src/instructions', 'apps/server/package.json'],
    after: ['web'],
    // Written by the server's compiled code.
    waitsFor: ['server'],
    output: 'apps/web/dist/static/instructions',
    stamp: `apps/web/dist/static/instructions/${STAMP}`,
    build: () => npmRun('build:instructions'),
  },
];

/**
 * Builds every step whose inputs changed, or every step with `force`; exits the process when one
 * fails, after printing which. A step starts once the steps it waits for (`after`, `waitsFor`) are
 * done, so steps that wait for none run at the same time.
 */
export const buildWhatChanged = async ({ force = false } = {}) => {
  const began = Date.now();
  const built = new Set();
  const done = new Map();
  const runStep = async (step) => {
    await Promise.all([...(step.after ?? []), ...(step.waitsFor ?? [])].map((name) => done.get(name)));
    const current = fingerprint(step.inputs);
    // No output or no stamp: a fresh clone, a deleted dist, or a build that failed half-way.
    const fresh = !existsSync(path.join(root, step.output)) || readStamp(step.stamp) === null;
    const upToDate =
      !force && !fresh && !(step.after ?? []).some((name) => built.has(name)) && readStamp(step.stamp) === current;
    if (upToDate) {
      console.log(`build: ${step.name} is up to date`);
      return;
    }
    await step.build({ fresh: fresh || force });
    built.add(step.name);
    // The fingerprint from before the build: a file changed during it makes the next build run again.
    mkdirSync(path.dirname(path.join(root, step.stamp)), { recursive: true });
    writeFileSync(path.join(root, step.stamp), `${current}\n`);
  };
  // Listed in an order where every step comes after the steps it waits for.
  for (const step of STEPS) done.set(step.name, runStep(step));
  await Promise.all(done.values());
  console.log(
    `build: done in ${((Date.now() - began) / 1000).toFixed(1)} s (${built.size ? [...built].join(', ') : 'nothing to build'})`,
  );
};
