// The outbox worker's send rate, for the bench's mail row (see README.md): a fresh PGlite in a temp
// dir with the real migrations, MAILS mails queued, one worker of the built server sending them to a
// local SMTP server (smtp-server, in this process, on a loopback port). Prints JSON
// {mails, seconds} on stdout when every mail has arrived.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { repoRoot } from './lib.mjs';

const MAILS = Number(process.env.BENCH_MAILS) || 1000;
const dist = (file) => path.join(repoRoot, 'apps/server/dist', file);
const { openDatabase } = await import(dist('db/client.js'));
const { mailOutbox } = await import(dist('db/schema.js'));
const { startOutboxWorker } = await import(dist('mail/outbox-worker.js'));
const { smtpTransport } = await import(dist('mail/smtp-transport.js'));

const dir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-outbox-'));
let received = 0;
let allArrived;
const arrived = new Promise((resolve) => (allArrived = resolve));
const smtp = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  closeTimeout: 200,
  disableReverseLookup: true,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      callback();
      if (received === MAILS) allArrived();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = smtp.server.address().port;

const database = await openDatabase({ dataDir: dir });
try {
  const body = 'The service changed its status.\n\nOpen the service: http://localhost:8080/sc/service/1\n';
  for (let start = 0; start < MAILS; start += 500) {
    await database.db.insert(mailOutbox).values(
      Array.from({ length: Math.min(500, MAILS - start) }, (_, i) => ({
        kind: 'workflowStep',
        toAddress: `person${start + i}@example.org`,
        subject: `[Nubes] Service ${start + i}: Service Online`,
        body,
      })),
    );
  }
  const began = process.hrtime.bigint();
  const worker = startOutboxWorker({
    db: database.db,
    transport: smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`),
    from: 'noreply@localhost',
  });
  await arrived;
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  await worker.stop();
  console.log(JSON.stringify({ mails: received, seconds }));
} finally {
  await database.close();
  await new Promise((resolve) => smtp.close(resolve));
  rmSync(dir, { recursive: true, force: true });
}
