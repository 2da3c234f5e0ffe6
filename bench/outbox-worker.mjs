// The outbox worker's send rate, for the bench's mail row (see README.md): a fresh PGlite in a temp
// dir with the real migrations, MAILS mails queued, one worker of the built server sending them to a
// local SMTP server (smtp-server, in this process, on a loopback port). Then the resends per crash:
// CRASH_MAILS more mails, a worker in a child process (this file with --worker) killed with SIGKILL
// CRASHES times at random moments of its sending and started again; copies that arrived twice,
// counted by Message-ID, divided by the kills. Prints JSON {mails, seconds, crashes, resendsPerCrash}
// on stdout at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { repoRoot } from './lib.mjs';

const MAILS = Number(process.env.BENCH_MAILS) || 1000;
const CRASHES = 5;
const CRASH_MAILS = 400;
/** The child's lease: a killed worker's mails are claimed again this long after their last try. */
const CRASH_LEASE_MS = 1_000;
const dist = (file) => path.join(repoRoot, 'apps/server/dist', file);
const { openDatabase } = await import(dist('db/client.js'));
const { mailOutbox } = await import(dist('db/schema.js'));
const { outboxAckJournalPath, startOutboxWorker } = await import(dist('mail/outbox-worker.js'));
const { smtpTransport } = await import(dist('mail/smtp-transport.js'));

if (process.argv[2] === '--worker') {
  // The killed worker: as the portal runs it on PGlite, until SIGKILL, beside requests that keep
  // PGlite's one connection busy (two at a time, each a transaction of two statements with 5 ms
  // of the request's own work between them), as a portal under load does.
  const [dataDir, smtpUrl] = process.argv.slice(3);
  const database = await openDatabase({ dataDir, migrate: false });
  const { sql } = await import('drizzle-orm');
  const request = () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from mail_outbox where state = 'sent'`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await tx.execute(sql`select 1`);
    });
  for (let lane = 0; lane < 2; lane++)
    void (async () => {
      for (;;) await request();
    })();
  startOutboxWorker({
    db: database.db,
    transport: smtpTransport(smtpUrl),
    from: 'noreply@localhost',
    pollMs: 100,
    leaseMs: CRASH_LEASE_MS,
    ackJournalPath: outboxAckJournalPath(dataDir),
  });
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
}

const dir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-outbox-'));
let received = 0;
let allArrived;
const arrived = new Promise((resolve) => (allArrived = resolve));
/** The crash phase's copies by Message-ID, and what to do when one arrives (the kill). */
const copies = new Map();
let onCopy = () => undefined;
const smtp = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  closeTimeout: 200,
  disableReverseLookup: true,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      received += 1;
      const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
      if (messageId && head.includes('Crash ')) {
        copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
        onCopy();
      }
      callback();
      if (received === MAILS) allArrived();
    });
  },
  // A killed worker resets its connections.
}).on('error', () => undefined);
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
    ackJournalPath: outboxAckJournalPath(dir),
  });
  await arrived;
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  await worker.stop();
  await database.close();
  console.log(JSON.stringify({ mails: MAILS, seconds, crashes: CRASHES, resendsPerCrash: await resendsPerCrash() }));
} finally {
  await database.close().catch(() => undefined);
  await new Promise((resolve) => smtp.close(resolve));
  rmSync(dir, { recursive: true, force: true });
}

/** CRASH_MAILS mails on the same directory, CRASHES kills while they go out, one worker to finish. */
async function resendsPerCrash() {
  const crashDb = await openDatabase({ dataDir: dir, migrate: false });
  await crashDb.db.insert(mailOutbox).values(
    Array.from({ length: CRASH_MAILS }, (_, i) => ({
      kind: 'workflowStep',
      toAddress: `crash${i}@example.org`,
      subject: `[Nubes] Crash ${i}`,
      body: 'Crash test.\n',
    })),
  );
  await crashDb.close();
  const startChild = () =>
    spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--worker', dir, `smtp://127.0.0.1:${port}?ignoreTLS=true`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  const exited = (child) =>
    new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
  const total = () => [...copies.values()].reduce((sum, n) => sum + n, 0);
  for (let crash = 0; crash < CRASHES; crash++) {
    const child = startChild();
    // Somewhere in the next stretch of the mails, a random number of copies in and a few ms more.
    const killAt = total() + 10 + Math.floor(Math.random() * (CRASH_MAILS / (CRASHES + 1) - 10));
    await new Promise((resolve) => {
      onCopy = () => {
        if (total() < killAt) return;
        onCopy = () => undefined;
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, Math.random() * 5);
      };
    });
    await exited(child);
  }
  onCopy = () => undefined;
  const last = startChild();
  while (copies.size < CRASH_MAILS) await new Promise((resolve) => setTimeout(resolve, 100));
  // The last killed worker's tries in doubt come back a lease later: wait for them too.
  await new Promise((resolve) => setTimeout(resolve, CRASH_LEASE_MS * 3));
  last.kill('SIGKILL');
  await exited(last);
  return (total() - copies.size) / CRASHES;
}
