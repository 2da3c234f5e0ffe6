/**
 * Migrates and seeds the browser tests' data directory (NUBES_E2E_DATA_DIR) ahead of them: the
 * built server starts on it as the tests' server would, answers its health check and stops.
 * `npm test` runs this while the Vitest projects run (scripts/test.mjs), so the tests' server then
 * starts on a seeded directory instead of seeding it while the browser tests wait
 * (docs/adr/0005-testing.md).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/lib/free-port.mjs';
import { PREPARE_LOG } from './log-secrecy.js';
import { serverEnv } from './server-env.js';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.NUBES_E2E_DATA_DIR;
if (!dataDir) throw new Error('NUBES_E2E_DATA_DIR names no directory to prepare');

const port = Number(await freePort());
const env: Record<string, string> = { ...serverEnv(dataDir), PORT: String(port) };
// No mail leaves this run: what the seeding queues waits in the outbox for the tests' server and its test SMTP server.
delete env.SMTP_URL;
mkdirSync(path.dirname(PREPARE_LOG), { recursive: true });
const log = openSync(PREPARE_LOG, 'w');
const server = spawn(process.execPath, [path.join('apps', 'server', 'dist', 'bundle', 'main.js')], {
  cwd: root,
  env: { ...process.env, ...env },
  stdio: ['ignore', log, log],
});
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

const healthy = async () => {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (server.exitCode !== null) return false;
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (answer?.ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

const ready = await healthy();
if (server.exitCode === null) server.kill('SIGTERM');
const code = await exited;
if (!ready || code !== 0) {
  console.error(`Preparing the browser tests' data directory failed (exit ${code}); see ${PREPARE_LOG}.`);
  process.exit(1);
}
