/**
 * An outbox worker alone in a process, for the tests that kill it mid-send
 * (mail/outbox-worker-crash.once.test.ts): `node --import tsx outbox-worker-process.ts <pglite dir> <smtp url>`.
 * It prints `acknowledged <Message-ID>` once the worker has taken in an SMTP acknowledgement. With
 * `OUTBOX_TEST_HOLD_DB=true` the first send also opens a transaction that never ends, as a busy
 * portal's requests keep PGlite's one connection: the sent marks wait behind it.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { outboxAckJournalPath, startOutboxWorker } from '../mail/outbox-worker.js';
import { smtpTransport, type MailTransport } from '../mail/smtp-transport.js';

const [dataDir, smtpUrl] = process.argv.slice(2);
const database = await openDatabase({ dataDir: dataDir!, migrate: false });
const smtp = smtpTransport(smtpUrl!);
let holdDb = process.env.OUTBOX_TEST_HOLD_DB === 'true';
const transport: MailTransport = {
  send: async (mail) => {
    if (holdDb) {
      holdDb = false;
      void database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise(() => undefined);
      });
    }
    await smtp.send(mail);
    // After the worker's own reaction to the acknowledgement, which runs before the next turn.
    setImmediate(() => console.log(`acknowledged ${mail.messageId}`));
  },
  close: () => smtp.close(),
};
startOutboxWorker({
  db: database.db,
  transport,
  from: 'noreply@portal.example',
  pollMs: 200,
  leaseMs: 1_500,
  backoffMs: () => 0,
  onError: (error) => console.error(error),
  ackJournalPath: outboxAckJournalPath(dataDir!),
});
// The worker's timer does not keep a process alive, and this one lives until the test kills it.
setInterval(() => undefined, 60_000);
console.log('worker started');
