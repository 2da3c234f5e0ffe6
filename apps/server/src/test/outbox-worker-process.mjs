/**
 * An outbox worker alone in a process, for the tests that kill it mid-send
 * (mail/outbox-worker-crash.once.test.ts): `node outbox-worker-process.mjs <server modules> <pglite dir> <smtp url>`,
 * where the server's modules are its built `dist` folder, or its `src` folder under `node --import tsx`
 * (test/server-modules.ts chooses). Plain JavaScript, so the built server's start needs no tsx.
 * It prints `acknowledged <Message-ID>` once the worker has taken in an SMTP acknowledgement, and
 * `round` after each of the worker's rounds: the mails a round sent are marked sent when it ends. With
 * `OUTBOX_TEST_HOLD_DB=true` the first send also opens a transaction that never ends, as a busy
 * portal's requests keep PGlite's one connection: the sent marks wait behind it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, dataDir, smtpUrl] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(modules, file)).href);
const [{ sql }, { openDatabase }, { outboxAckJournalPath, startOutboxWorker }, { smtpTransport }] = await Promise.all([
  import('drizzle-orm'),
  load('db/client.js'),
  load('mail/outbox-worker.js'),
  load('mail/smtp-transport.js'),
]);

const POLL_MS = 200;
const database = await openDatabase({ dataDir, migrate: false });
const smtp = smtpTransport(smtpUrl);
let holdDb = process.env.OUTBOX_TEST_HOLD_DB === 'true';
const transport = {
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
const worker = startOutboxWorker({
  db: database.db,
  transport,
  from: 'noreply@portal.example',
  pollMs: POLL_MS,
  leaseMs: 1_500,
  backoffMs: () => 0,
  onError: (error) => console.error(error),
  ackJournalPath: outboxAckJournalPath(dataDir),
});
// One round at a time: a call while one runs answers when that one ends, so each line follows
// the end of a round that began before it was asked for.
const reportRounds = async () => {
  await worker.runOnce();
  console.log('round');
  setTimeout(() => void reportRounds(), POLL_MS);
};
void reportRounds();
// The worker's timer does not keep a process alive, and this one lives until the test kills it.
setInterval(() => undefined, 60_000);
console.log('worker started');
