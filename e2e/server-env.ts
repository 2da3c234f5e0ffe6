import { E2E_SECRETS } from './secrets.js';

/** Where the browser tests' portal, its test SMTP server and the mailbox the tests read listen. */
export const e2ePorts = (port = Number(process.env.E2E_PORT ?? 8181)) => ({
  port,
  smtpPort: port + 1,
  mailboxPort: port + 2,
});

/**
 * The environment of the browser tests' server (playwright.config.ts), and of the run that
 * prepares its data directory beforehand (prepare-data-dir.ts): the same secrets, so the admin and
 * the demo data it leaves are the ones the tests log in to.
 */
export const serverEnv = (
  dataDir: string,
  { port, smtpPort }: { port: number; smtpPort: number } = e2ePorts(),
): Record<string, string> => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  // Everything the server says, so the log check sees it all.
  LOG_LEVEL: 'debug',
  // Distinctive secrets the log check looks for.
  JWT_SECRET: E2E_SECRETS.jwtSecret,
  ADMIN_PASSWORD: E2E_SECRETS.adminPassword,
  // The failed-login tests all come from 127.0.0.1; the throttle itself is covered by API tests.
  LOGIN_MAX_FAILURES: '1000',
  // Mails go to the test SMTP server, where the tests read them (mailbox.ts).
  SMTP_URL: `smtp://${E2E_SECRETS.smtpUser}:${E2E_SECRETS.smtpPassword}@127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'portal@nubes.example',
  // The webhook walk's receiver listens on loopback (docs/adr/0120-event-feed-and-signed-webhooks.md).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
});
