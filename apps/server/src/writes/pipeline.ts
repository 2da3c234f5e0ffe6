import type { AuditEvent, AuditEventOf, AuditObjectType } from '@nubes/domain';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { actorOf, type Actor } from '../audit/actor.js';
import { recordAuditEvents } from '../audit/record-audit.js';
import type { AuthUser } from '../auth/principal.js';
import type { Db, Tx } from '../db/client.js';
import { conflict } from '../http/http-error.js';
import { queueMails } from '../mail/queue-mails.js';
import { queueWebhookDeliveries } from '../webhooks/queue-deliveries.js';
import type { AfterCommit, AfterCommitEffect } from '../model/after-commit.js';
import type { MailSite, OutboxMessage } from '../model/outbox-message.js';

/** What every write needs: the database and what to do after a commit (the app context hands both). */
export interface Writes {
  db: Db;
  afterCommit: AfterCommit;
  /**
   * Tells the other instances, inside the transaction, what the effects make stale in their caches
   * (instances/change-notices.ts). Absent where no other instance can be (PGlite).
   */
  announce?: (tx: Tx, effects: readonly AfterCommitEffect[]) => Promise<void>;
  /** Absent: the defaults of a development machine (mails written by tools and tests). */
  mailSite?: MailSite;
}

const DEFAULT_MAIL_SITE: MailSite = { productName: 'Nubes', publicUrl: 'http://localhost:8080' };

/** What one unit of work did: its answer, its audit events and what is left for after the commit. */
export interface WriteResult<T> {
  value: T;
  /** Written in the same transaction; none means nothing was written, and no effect runs. */
  events: readonly AuditEvent[];
  effects?: readonly AfterCommitEffect[];
  /** Written to the outbox in the same transaction: a rolled-back change sends none. */
  mails?: readonly OutboxMessage[];
}

/**
 * The one way to change something: one transaction for the work, its audit events (typed, and
 * parsed before they are stored) and its notice to other instances, then, only after the commit
 * and only when something was written, the effects. A failure anywhere rolls everything back and runs no effect. The actor may
 * be read from the work's answer when only the work knows it (a first login creates the user who
 * acts).
 */
export const runWrite = async <T>(
  writes: Writes,
  actor: Actor | ((value: T) => Actor),
  work: (tx: Tx) => Promise<WriteResult<T>>,
): Promise<T> => {
  const result = await writes.db.transaction(async (tx) => {
    const done = await work(tx);
    const recorded = await recordAuditEvents(tx, typeof actor === 'function' ? actor(done.value) : actor, done.events);
    // Deliveries of the feed's events, queued with them (docs/adr/0120-event-feed-and-signed-webhooks.md).
    const deliveries = await queueWebhookDeliveries(tx, recorded);
    const mails = done.mails ?? [];
    if (mails.length > 0) await queueMails(tx, writes.mailSite ?? DEFAULT_MAIL_SITE, mails);
    // Sent with the commit, so another instance that hears it reads the change; a rollback sends none.
    if (writes.announce && done.events.length > 0 && done.effects?.length) await writes.announce(tx, done.effects);
    return { ...done, deliveries };
  });
  const effects: AfterCommitEffect[] = [...(result.effects ?? [])];
  if (result.mails && result.mails.length > 0) effects.push({ kind: 'mail.queued' });
  if (result.deliveries > 0) effects.push({ kind: 'webhooks.queued' });
  if (result.events.length > 0 && effects.length > 0) writes.afterCommit(effects);
  return result.value;
};

/** A table whose rows carry the version the pipeline checks and raises. */
export type VersionedTable = PgTable & { version: PgColumn };

/**
 * Writes `set` on the row with the next version and, where the table keeps one, the change time,
 * in one statement; answers the row as it is now: the `bump` of every kind but the review (an upsert).
 */
export const bumpRow = async <T extends VersionedTable>(
  tx: Tx,
  table: T,
  where: SQL,
  version: number,
  set: object,
): Promise<T['$inferSelect']> => {
  const changed = 'updatedAt' in getTableColumns(table) ? { updatedAt: sql`now()` } : {};
  const rows: unknown[] = await tx
    .update(table as PgTable)
    .set({ ...set, ...changed, version: version + 1 })
    .where(where)
    .returning();
  return rows[0] as T['$inferSelect'];
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An audit event about the object being changed: the pipeline fills in which object. */
export type ObjectEvent<O extends AuditObjectType> = DistributiveOmit<AuditEventOf<O>, 'objectType' | 'objectId'>;

/**
 * A kind of object that changes through the pipeline (a service; later change requests, resource
 * packages, contacts …): how to lock it, read its version, write a change with the next version,
 * and which caches a change makes stale.
 */
export interface ObjectKind<Locked extends Snapshot, Snapshot, Columns, O extends AuditObjectType> {
  objectType: O;
  /** Loads the object FOR UPDATE, or throws 404 when it does not exist or the caller may not see it. */
  lock(tx: Tx, id: string, principal: AuthUser): Promise<Locked>;
  idOf(object: Snapshot): string;
  version(object: Locked): number;
  /** Writes `set`, version + 1 and the change time in one statement; answers the object as it is now. */
  bump(tx: Tx, object: Locked, set: Columns): Promise<Snapshot>;
  /** What a committed change of this object's row makes stale in a cache (none for most kinds). */
  effects?(object: Snapshot): readonly AfterCommitEffect[];
}

/** What a change of one object did. No events: nothing was written (no version, no effect). */
interface ObjectChange<Columns, O extends AuditObjectType, T> {
  /**
   * Columns of the object's own row to write. Present (even `{}`, when only related rows changed)
   * means a new version; absent means the row stays as it is (a comment, a document).
   */
  set?: Columns;
  events: readonly ObjectEvent<O>[];
  /**
   * Events about other objects the change wrote in the same transaction (applying a change request
   * writes its service's fields: one service event per field). Only beside events of its own.
   */
  related?: readonly AuditEvent[];
  /** What the command answers besides the object, if anything. */
  value?: T;
  effects?: readonly AfterCommitEffect[];
  mails?: readonly OutboxMessage[];
}

export interface ObjectWrite<Locked, Columns, O extends AuditObjectType, T> {
  id: string;
  principal: AuthUser;
  /** The version the caller read; a stale one answers 409 and changes nothing. Omitted: no check. */
  version?: number | undefined;
  /** The policy: throws (403, or 409 for a state that forbids it) when the caller may not make this change. */
  authorize?: (object: Locked) => void;
  change: (tx: Tx, object: Locked) => Promise<ObjectChange<Columns, O, T>>;
}

/**
 * Changes one existing object, in this order: lock the row, apply the policy, check the version,
 * run the change, write the next version, write the audit events, and after the commit clear the
 * caches. Answers the object as it is after the change and the change's own value.
 */
export const changeObject = <Locked extends Snapshot, Snapshot, Columns, O extends AuditObjectType, T>(
  writes: Writes,
  kind: ObjectKind<Locked, Snapshot, Columns, O>,
  request: ObjectWrite<Locked, Columns, O, T>,
): Promise<{ object: Snapshot; value: T }> =>
  runWrite(writes, actorOf(request.principal), async (tx) => {
    const locked = await kind.lock(tx, request.id, request.principal);
    request.authorize?.(locked);
    if (request.version !== undefined && kind.version(locked) !== request.version) throw conflict();
    const outcome = await request.change(tx, locked);
    if (outcome.events.length === 0) {
      if (outcome.set !== undefined) throw new Error(`a ${kind.objectType} change without an audit event`);
      return { value: { object: locked, value: outcome.value as T }, events: [] };
    }
    const object = outcome.set === undefined ? locked : await kind.bump(tx, locked, outcome.set);
    const objectId = kind.idOf(locked);
    return {
      value: { object, value: outcome.value as T },
      events: [
        ...outcome.events.map((event) => ({ ...event, objectType: kind.objectType, objectId }) as AuditEvent),
        ...(outcome.related ?? []),
      ],
      // A cache holds the row: a change beside it (a comment, a document) leaves it as it is.
      effects: [...(outcome.set === undefined ? [] : (kind.effects?.(object) ?? [])), ...(outcome.effects ?? [])],
      mails: outcome.mails ?? [],
    };
  });
