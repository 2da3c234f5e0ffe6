import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { startOutboxWorker } from './outbox-worker.js';
import { smtpTransport } from './smtp-transport.js';

const MAILS = 60;

/**
 * Runs on PGlite and, in the server-postgres project, on a real PostgreSQL server, where the
 * workers' statements run on separate connections at the same time, as those of separate
 * instances do.
 */
describe('several outbox workers on one database', () => {
  let database: Database & { drop(): Promise<void> };
  let smtp: SmtpSink;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpSink();
    await database.db.insert(mailOutbox).values(
      Array.from({ length: MAILS }, (_, i) => ({
        kind: 'workflowStep',
        toAddress: `person${i}@example.org`,
        subject: `Mail ${i}`,
        body: 'Text',
      })),
    );
  });
  afterAll(async () => {
    await smtp.close();
    await database.drop();
  });

  it('never send a mail twice', async () => {
    const workers = [0, 1, 2].map(() =>
      startOutboxWorker({
        db: database.db,
        transport: smtpTransport(smtp.url),
        from: 'noreply@portal.example',
        pollMs: 20,
        batchSize: 3,
      }),
    );
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(MAILS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(workers.map((worker) => worker.stop()));

    const subjects = smtp.received.map((mail) => mail.subject);
    expect(new Set(subjects).size).toBe(MAILS);
    expect(subjects).toHaveLength(MAILS);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.state === 'sent' && row.tries === 1)).toBe(true);
  });
});
