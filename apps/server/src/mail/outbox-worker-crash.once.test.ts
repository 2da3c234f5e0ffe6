import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { serverModules } from '../test/server-modules.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';

/** A restarted worker reopens a killed PGlite directory (through tsx after an edit): on a busy machine that took over 20 s. */
const RESTART_WITHIN_MS = 60_000;
const WORKER_SCRIPT = fileURLToPath(new URL('../test/outbox-worker-process.mjs', import.meta.url));
/**
 * Rounds of the restarted worker after the last mail arrived, before it is killed: the round that
 * sent it ends with its sent mark, and the rounds after it find nothing to send a second time.
 */
const ROUNDS_AFTER = 3;

/** The worker in a child process on its own PGlite directory (PGlite allows one process per directory). */
describe('an outbox worker killed mid-send', () => {
  let dir: string;
  let smtp: SmtpSink;
  const children: ChildProcess[] = [];

  /** The Message-IDs whose acknowledgement a worker process has taken in, by any process. */
  const acknowledged: string[] = [];
  /** The rounds each worker process has ended. */
  const rounds = new Map<ChildProcess, number>();
  const modules = serverModules();
  const startWorker = (env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, [...modules.nodeFlags, WORKER_SCRIPT, modules.folder, dir, smtp.url], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    rounds.set(child, 0);
    // Always read: a pipe nobody reads would block a worker that prints.
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('acknowledged ')) acknowledged.push(line.slice(13).trim());
        if (line === 'round') rounds.set(child, rounds.get(child)! + 1);
      }
    });
    children.push(child);
    return child;
  };
  /** Waits for the worker to end a few more rounds from now (`ROUNDS_AFTER`). */
  const moreRounds = async (child: ChildProcess) => {
    const target = rounds.get(child)! + ROUNDS_AFTER;
    await expect
      .poll(() => rounds.get(child), { timeout: RESTART_WITHIN_MS, interval: 50 })
      .toBeGreaterThanOrEqual(target);
  };
  const queue = async (subjects: string[]) => {
    const database = await openDatabase({ dataDir: dir, migrate: false });
    const rows = await database.db
      .insert(mailOutbox)
      .values(
        subjects.map((subject) => ({
          kind: 'workflowStep',
          toAddress: 'paula@nubes-office.example',
          subject,
          body: subject,
        })),
      )
      .returning();
    await database.close();
    return rows;
  };
  const rowsOf = async (ids: string[]) => {
    const database = await openDatabase({ dataDir: dir, migrate: false });
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    await database.close();
    return new Map(rows.map((row) => [row.id, row]));
  };
  const messageIdOf = (id: string) => `<${id}@portal.example>`;
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
    // A few more rounds of the new worker: the mail is marked sent, and nothing is sent a second time.
    await moreRounds(second);
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
    await moreRounds(second);
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

  // docs/adr/0079-mail-acknowledgements-recorded-at-once.md: a try is marked before its send, so a
  // mail the killed worker claimed but never tried is known to be unsent, and its tries count only
  // the conversations that really began.
  it('marks each try before its send: after a kill, only the mails tried are in doubt', async () => {
    const mails = await queue(Array.from({ length: 8 }, (_, i) => `Tried ${i}`));
    const ids = mails.map((m) => m.id);
    smtp.holdReplies(true);
    // The answer the first test held is never given.
    const heldBefore = smtp.heldCount();
    const first = startWorker();
    // As many conversations as the transport has connections wait for their answer; the rest wait their turn.
    await expect.poll(() => smtp.heldCount() - heldBefore, { timeout: RESTART_WITHIN_MS, interval: 50 }).toBe(4);
    await killed(first);
    smtp.holdReplies(false);

    const atKill = await rowsOf(ids);
    const tried = ids.filter((id) => atKill.get(id)!.state === 'sending');
    expect(tried).toHaveLength(4);
    for (const id of tried) expect(atKill.get(id)).toMatchObject({ tries: 1 });
    for (const id of ids.filter((id) => !tried.includes(id)))
      expect(atKill.get(id)).toMatchObject({ state: 'pending', tries: 0 });

    const second = startWorker();
    const arrived = () => smtp.received.filter((m) => m.subject.startsWith('Tried '));
    await expect.poll(() => arrived().length, { timeout: RESTART_WITHIN_MS, interval: 100 }).toBe(8);
    await moreRounds(second);
    await killed(second);
    // The held answers never came: every mail arrived once, under its own Message-ID.
    expect(
      arrived()
        .map((m) => m.messageId)
        .sort(),
    ).toEqual(ids.map(messageIdOf).sort());
    const after = await rowsOf(ids);
    for (const id of ids) expect(after.get(id)).toMatchObject({ state: 'sent', tries: tried.includes(id) ? 2 : 1 });
  }, 120_000);

  // The sent mark waits in PGlite's one queue behind whatever the portal is doing; the
  // acknowledgement is written down before that, so a kill while the mark waits sends nothing twice.
  it('never resends a mail whose acknowledgement the killed worker took in, however long its sent mark waited', async () => {
    const mails = await queue(Array.from({ length: 6 }, (_, i) => `Busy ${i}`));
    const ids = mails.map((m) => m.id);
    const arrived = () => smtp.received.filter((m) => m.subject.startsWith('Busy '));
    const first = startWorker({ OUTBOX_TEST_HOLD_DB: 'true' });
    // The database is held from the first send on: the worker takes in answers but marks nothing.
    const takenIn = () => arrived().filter((m) => acknowledged.includes(m.messageId)).length;
    await expect
      .poll(() => arrived().length > 0 && takenIn() === arrived().length, { timeout: RESTART_WITHIN_MS, interval: 50 })
      .toBe(true);
    await killed(first);
    const ackedBeforeKill = new Set(acknowledged.filter((id) => ids.map(messageIdOf).includes(id)));
    expect(ackedBeforeKill.size).toBeGreaterThan(0);
    const atKill = await rowsOf(ids);
    expect([...atKill.values()].filter((row) => row.state === 'sent')).toEqual([]);

    const second = startWorker();
    await expect
      .poll(() => new Set(arrived().map((m) => m.messageId)).size, { timeout: RESTART_WITHIN_MS, interval: 100 })
      .toBe(6);
    await moreRounds(second);
    await killed(second);

    const copies = new Map<string, number>();
    for (const m of arrived()) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
    // Every mail arrived, each under its row's Message-ID; a second copy only of a mail whose
    // acknowledgement the killed worker never took in.
    expect([...copies.keys()].sort()).toEqual(ids.map(messageIdOf).sort());
    for (const [messageId, count] of copies) if (count > 1) expect(ackedBeforeKill.has(messageId)).toBe(false);
    for (const messageId of ackedBeforeKill) expect(copies.get(messageId)).toBe(1);
    const after = await rowsOf(ids);
    for (const id of ids) expect(after.get(id)).toMatchObject({ state: 'sent', claimToken: null });
  }, 120_000);
});
