import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';

/** A restarted worker starts tsx and reopens a killed PGlite directory: on a busy machine that took over 20 s. */
const RESTART_WITHIN_MS = 60_000;
const WORKER_SCRIPT = fileURLToPath(new URL('../test/outbox-worker-process.ts', import.meta.url));

/** The worker in a child process on its own PGlite directory (PGlite allows one process per directory). */
describe.skipIf(process.env.NUBES_TEST_DB === 'postgres')('an outbox worker killed mid-send', () => {
  let dir: string;
  let smtp: SmtpSink;
  const children: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, dir, smtp.url], {
      // Never a pipe nobody reads: a worker that logs its retries would block on a full one.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nubes-outbox-crash-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    await database.db.insert(mailOutbox).values({
      kind: 'workflowStep',
      toAddress: 'paula@nubes-office.example',
      subject: 'Once only',
      body: 'Sent exactly once.',
    });
    await database.close();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the mail once after a restart', async () => {
    // The SMTP server reads the mail but holds its answer; the worker dies waiting for it.
    smtp.holdReplies(true);
    const held = smtp.nextHeld();
    const first = startWorker();
    await held;
    await killed(first);
    expect(smtp.received).toEqual([]);

    smtp.holdReplies(false);
    const second = startWorker();
    // The dead worker's claim runs out (its lease), the new one claims the mail again and sends it.
    await expect.poll(() => smtp.received.length, { timeout: RESTART_WITHIN_MS, interval: 100 }).toBe(1);
    // A few more polls of the new worker: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await killed(second);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Once only']);

    const database = await openDatabase({ dataDir: dir, migrate: false });
    const [row] = await database.db.select().from(mailOutbox);
    await database.close();
    expect(row).toMatchObject({ state: 'sent', tries: 2, claimToken: null });
  }, 120_000);

  // The one window no outbox closes (docs/adr/0050-durability-and-racing-edits.md): the SMTP server
  // took the mail, the worker died before it could write so. The mail goes out again, as the same
  // message: the receiving side sees its Message-ID twice.
  it('sends a mail accepted just before the kill again, under the same Message-ID', async () => {
    let database = await openDatabase({ dataDir: dir, migrate: false });
    const [mail] = await database.db
      .insert(mailOutbox)
      .values({
        kind: 'workflowStep',
        toAddress: 'ivan@nubes-office.example',
        subject: 'Accepted',
        body: 'Then killed.',
      })
      .returning();
    await database.close();
    const ofThisMail = () => smtp.received.filter((m) => m.subject === 'Accepted');

    const first = startWorker();
    const exited = new Promise<void>((resolve) => first.once('exit', () => resolve()));
    smtp.onAccepted(() => {
      first.kill('SIGKILL');
      smtp.onAccepted(null);
    });
    await exited;
    expect(ofThisMail()).toHaveLength(1);

    const second = startWorker();
    await expect.poll(() => ofThisMail().length, { timeout: RESTART_WITHIN_MS, interval: 100 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await killed(second);
    expect(ofThisMail().map((m) => m.messageId)).toEqual([
      `<${mail!.id}@portal.example>`,
      `<${mail!.id}@portal.example>`,
    ]);
    database = await openDatabase({ dataDir: dir, migrate: false });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    await database.close();
    expect(row).toMatchObject({ state: 'sent', tries: 2, claimToken: null });
  }, 120_000);
});
