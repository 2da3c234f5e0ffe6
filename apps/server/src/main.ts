import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { seedEntitlementRoles } from './commands/entitlement-roles.js';
import { AdminCheck, ensureAdmin } from './commands/ensure-admin.js';
import { demoSeedOptions, seedDemoData } from './demo/seed-demo-data.js';
import { outboxAckJournalPath, startOutboxWorker } from './mail/outbox-worker.js';
import { smtpTransport } from './mail/smtp-transport.js';
import { writesFor } from './writes/after-commit.js';
import { installGracefulShutdown } from './operations/graceful-shutdown.js';
import { AfterListen } from './operations/after-listen.js';
import { createPortalLog } from './http/portal-log.js';
import { mendableStartError, startBanner } from './operations/start-banner.js';

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Nubes cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Checking the admin's password is one scrypt (about half a second, in the threadpool): it starts
  // once the portal listens, and direct logins wait for it (docs/adr/0066-start-loads-what-it-uses.md).
  const adminCheck = new AdminCheck(() => ensureAdmin(writesFor(database), config.admin));
  await seedEntitlementRoles(writesFor(database), config.entitlements.map);
  // Development only (config: never in production); once per database, however many instances start.
  const demo = config.seedDemoData ? await seedDemoData(database.db, demoSeedOptions(config)) : null;
  // Without SMTP_URL mails stay in the outbox (the admin panel lists them); with it this process
  // sends them, beside every other instance on the database.
  const { smtpUrl } = config.mail;
  const log = createPortalLog(config);
  // The work once the portal listens, one step per turn of the event loop, so that the first
  // requests wait for one step at most (docs/adr/0068-start-work-after-listening-in-turns.md).
  const afterListen = new AfterListen((error, what) => log.warn({ err: error }, `${what} failed`));
  // First the admin's check: its scrypt then runs in the threadpool while the other steps run here.
  afterListen.add('checking the admin', () => {
    // A portal whose admin cannot be set up fails as a start that never listened would.
    adminCheck.done().catch((error: unknown) => {
      console.error('Nubes failed to start:', error);
      process.exit(1);
    });
  });
  const app = await buildApp(config, database, {
    log,
    adminCheck,
    afterListen,
    // Every instance looks for due jobs; each job's lock lets one of them run it (docs/adr/0115).
    schedulerPollMs: 60_000,
    webhookWorker: true,
    startMailWorker: smtpUrl
      ? (hooks) => {
          const url = new URL(smtpUrl);
          return startOutboxWorker({
            db: database.db,
            transport: smtpTransport(smtpUrl),
            from: config.mail.from,
            leaseMs: config.mail.leaseSeconds * 1000,
            // One process per PGlite directory, so its acknowledgements may wait in a file there.
            ...(database.kind === 'pglite' ? { ackJournalPath: outboxAckJournalPath(config.dataDir) } : {}),
            secrets: [decodeURIComponent(url.password), decodeURIComponent(url.username)],
            ...hooks,
          });
        }
      : undefined,
  });
  installGracefulShutdown({ app, database, log });

  await app.listen({ port: config.port, host: config.host });
  void afterListen.run();
  console.log(startBanner({ config, database: database.kind, demo }));
};

main().catch((error: unknown) => {
  const reason = mendableStartError(error);
  if (reason) console.error(`Nubes cannot start: ${reason}`);
  else console.error('Nubes failed to start:', error);
  process.exit(1);
});
