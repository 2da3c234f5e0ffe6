import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dueForClaim, markAttempt, msInterval } from '../db/claims.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { openAckJournal, type AckJournal } from './ack-journal.js';
import { leasedQueueWorkerSettings, startWorkerLoop, type LeasedQueueWorkerOptions } from '../model/worker-loop.js';
import { onMailQueued } from './outbox-signal.js';
import { safeErrorText, SMTP_CONNECTIONS, type MailTransport } from './smtp-transport.js';

export interface OutboxWorkerOptions extends LeasedQueueWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Kept out of stored errors (the SMTP password and user). */
  secrets?: readonly string[];
  /** A send failed (`gaveUp`: it was the last try and the mail is now failed); for the metrics. */
  onDeliveryFailed?: (gaveUp: boolean) => void;
  now?: () => number;
  /**
   * PGlite only: a file in the data directory where an SMTP acknowledgement is written the moment it
   * arrives, before the database's queue lets the sent mark through (docs/adr/0079-mail-acknowledgements-recorded-at-once.md).
   */
  ackJournalPath?: string;
}

/**
 * `running`: it read the outbox within three polls, or a round that began less than a lease ago
 * is still sending (a slow SMTP server); `stalled`: neither (the database or the transport hangs);
 * `stopped`: stop() was called.
 */
export type OutboxWorkerState = 'running' | 'stalled' | 'stopped';

export interface OutboxWorker {
  /** Sends what is due now; resolves when this round is done (tests, the bench). */
  runOnce(): Promise<number>;
  /** Whether it still works (the readiness check). */
  state(): OutboxWorkerState;
  /** Stops polling, lets the sends in progress finish and be marked, then closes the transport. */
  stop(): Promise<void>;
}

/** Where the worker on a PGlite directory writes its acknowledgements (ack-journal.ts); PostgreSQL ignores a foreign file there. */
export const outboxAckJournalPath = (dataDir: string) => path.join(dataDir, 'nubes-outbox-acks');

/**
 * The Message-ID of a mail of the outbox: its row's id at the sender's domain, the same for every
 * try. A mail sent again after a crash (docs/adr/0050-durability-and-racing-edits.md) is the same
 * message to the receiving side, which may drop the second copy by it (RFC 5322, RFC 7352).
 */
export const outboxMessageId = (id: string, from: string): string => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
};

/**
 * Claims due mails in one statement: a claim token and a lease, nothing else. A claimed mail stays
 * `pending` until its own attempt begins (the first statement of sendOne), so a mail a killed worker claimed but never
 * tried is told apart from one it may have delivered. `FOR UPDATE SKIP LOCKED` lets several workers
 * on one database claim at once without waiting for or taking each other's rows; the claim token
 * then guards the outcome, so a mail is sent by one claim only. No transaction stays open while
 * SMTP talks (PGlite has one connection for the whole process). A `sending` row whose lease ran out
 * is one whose attempt has no recorded outcome: it is claimed again and resent under its Message-ID.
 */
const claimDue = (db: Db, token: string, batchSize: number, leaseMs: number) => {
  const due = dueForClaim(db, mailOutbox, batchSize);
  return db
    .update(mailOutbox)
    .set({
      claimToken: token,
      lockedUntil: sql`now() + ${msInterval(leaseMs)}`,
      version: sql`${mailOutbox.version} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
};

/** The sent mark: only the claim that made the attempt writes it. */
const markSent = (db: Db, id: string, token: string) =>
  db
    .update(mailOutbox)
    .set({
      state: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      claimToken: null,
      version: sql`${mailOutbox.version} + 1`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token), eq(mailOutbox.state, 'sending')));

/**
 * The outbox worker of one server process (docs/adr/0027-mail-outbox.md): polls, and runs at once
 * when a commit queued mails. A failed send stays visible with its error and is tried again
 * later; an SMTP or database failure is reported through onError and never ends the process.
 */
export const startOutboxWorker = (options: OutboxWorkerOptions): OutboxWorker => {
  const { db, transport, from } = options;
  const { pollMs, leaseMs, maxTries, backoffMs, batchSize, report } = leasedQueueWorkerSettings(options);
  const deliveryFailed = options.onDeliveryFailed ?? (() => undefined);
  const now = options.now ?? Date.now;

  let lastPollAt = Number.NEGATIVE_INFINITY;
  let roundStartedAt: number | null = null;
  const journal = options.ackJournalPath ? openAckJournal(options.ackJournalPath) : undefined;
  /** Acknowledged mails whose sent mark is not committed yet: at first those a killed process left. */
  const unsettled = journal?.leftOver() ?? new Map<string, string>();

  /** Between claims, when no send is under way: the journal's marks are in the database, the file is emptied. */
  const settleJournal = async (open: AckJournal) => {
    for (const [id, token] of unsettled) {
      await markSent(db, id, token);
      unsettled.delete(id);
    }
    open.clear();
  };

  const sendOne = async (mail: typeof mailOutbox.$inferSelect, token: string) => {
    const mine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, token));
    // A mail the portal manager discarded since the claim is not sent.
    const tries = await markAttempt(db, mailOutbox, { id: mail.id, token, leaseMs });
    if (tries === null) return false;
    try {
      await transport.send({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        messageId: outboxMessageId(mail.id, from),
      });
    } catch (error) {
      const gaveUp = tries >= maxTries;
      await db
        .update(mailOutbox)
        .set({
          state: gaveUp ? 'failed' : 'pending',
          lastError: safeErrorText(error, options.secrets ?? []),
          nextAttemptAt: sql`now() + ${msInterval(backoffMs(tries))}`,
          lockedUntil: null,
          claimToken: null,
          version: sql`${mailOutbox.version} + 1`,
        })
        .where(mine);
      deliveryFailed(gaveUp);
      return false;
    }
    // In the same turn as the acknowledgement: a kill from here on never sends the mail again.
    if (journal) {
      journal.record(mail.id, token);
      unsettled.set(mail.id, token);
    }
    await markSent(db, mail.id, token);
    unsettled.delete(mail.id);
    return true;
  };

  const round = async (stopped: () => boolean): Promise<number> => {
    roundStartedAt = now();
    let sent = 0;
    try {
      while (!stopped()) {
        if (journal) await settleJournal(journal);
        const token = randomUUID();
        const claimed = await claimDue(db, token, batchSize, leaseMs);
        lastPollAt = now();
        if (claimed.length === 0) break;
        // One claim's mails go out side by side, as many at once as the transport has connections:
        // a send starts when its attempt is marked, never later in the transport's queue.
        const queue = [...claimed];
        await Promise.all(
          Array.from({ length: Math.min(SMTP_CONNECTIONS, queue.length) }, async () => {
            for (let mail = queue.shift(); mail; mail = queue.shift()) if (await sendOne(mail, token)) sent++;
          }),
        );
      }
      return sent;
    } finally {
      roundStartedAt = null;
    }
  };

  let stopped = false;
  const loop = startWorkerLoop({ round, pollMs, onQueued: (wake) => onMailQueued(db, wake), onError: report });

  return {
    runOnce: loop.runOnce,
    state: () => {
      if (stopped) return 'stopped';
      const at = now();
      if (at - lastPollAt <= 3 * pollMs) return 'running';
      return roundStartedAt !== null && at - roundStartedAt < leaseMs ? 'running' : 'stalled';
    },
    stop: async () => {
      stopped = true;
      await loop.stop();
      transport.close();
      journal?.close();
    },
  };
};
