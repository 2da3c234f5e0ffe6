import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { SERVER_LOG } from './log-secrecy.js';
import { LONG_WALK_GREP } from './long-walk.js';
import { E2E_SECRETS } from './secrets.js';
import { e2ePorts, serverEnv } from './server-env.js';

// The portal, the test SMTP server (mail-sink.mjs) and the address where the tests read what it received.
const { port, smtpPort, mailboxPort } = e2ePorts();
export const baseURL = `http://localhost:${port}`;
export const mailboxURL = `http://127.0.0.1:${mailboxPort}`;
const root = path.resolve(import.meta.dirname, '..');
// Workers load this file too and inherit the environment: one fresh database directory per run.
// `npm test` gives one it migrated and seeded while the Vitest projects ran (prepare-data-dir.ts).
const dataDir = (process.env.NUBES_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nubes-e2e-')));

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  outputDir: path.join(root, 'test-results', 'e2e'),
  fullyParallel: false,
  // Three workers on two cores: a test spends much of its time waiting (on the server, on
  // Chromium's rendering, on an animation to settle), and a third worker fills those waits.
  workers: 3,
  retries: 0,
  // How long a test may wait for what it expects, not a speed target: hosts of the same size differ
  // twofold in speed, and on the slower ones the
  // longest walks and a screen's first load under three workers outgrew 60 s and 10 s. The long
  // walks' own `test.setTimeout` ceilings were doubled for the same reason.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(root, 'test-results', 'e2e.json') }],
    // Last, so the CI log's end shows what a failed test's page said (a notification, a dialog).
    ['./failure-context-reporter.ts'],
  ],
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    // Recording a trace for every test was two fifths of the run's CPU (a screencast through the GPU
    // process, DOM snapshots at each action), all of it thrown away when the test passed. A failure
    // keeps a screenshot; to see its steps, run the test again with `--trace on` (docs/adr/0005-testing.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    // Debian's Chromium; nothing is downloaded (the test script installs it with apt-get when missing).
    launchOptions: chromiumLaunchOptions(),
  },
  // The longest walks are handed out first (long-walk.ts). Specs under tests/last change what the
  // others rely on (nora has no role): they run after all of them.
  projects: [
    { name: 'long walks', testIgnore: 'last/**', grep: LONG_WALK_GREP },
    { name: 'main', testIgnore: 'last/**', grepInvert: LONG_WALK_GREP },
    { name: 'after-the-rest', testMatch: 'last/**/*.spec.ts', dependencies: ['long walks', 'main'] },
  ],
  webServer: [
    {
      command: 'node e2e/mail-sink.mjs',
      cwd: root,
      url: `${mailboxURL}/mails`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_SMTP_PORT: String(smtpPort),
        E2E_MAILBOX_PORT: String(mailboxPort),
        E2E_SMTP_USER: E2E_SECRETS.smtpUser,
        E2E_SMTP_PASSWORD: E2E_SECRETS.smtpPassword,
      },
    },
    {
      // The server's JSON log of the whole run, which the global teardown searches for secrets (ADR 0051).
      command: `mkdir -p test-results && node apps/server/dist/bundle/main.js > ${JSON.stringify(SERVER_LOG)}`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(dataDir, { port, smtpPort }),
    },
  ],
});
