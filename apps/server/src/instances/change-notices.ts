import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import type { AfterCommitEffect } from '../model/after-commit.js';

/** The one channel every instance on a PostgreSQL database listens on (docs/adr/0076-caches-kept-in-step-by-notify.md). */
export const CHANGES_CHANNEL = 'nubes_changes';

/** What another instance drops when this one changed something: the only caches left per process. */
export type ChangeNotice =
  { kind: 'publicPortfolio' } | { kind: 'principal'; userId: string } | { kind: 'session'; sessionId: string };

/** A notice as it arrives: who sent it, and what it says. */
export interface HeardNotice {
  from: string;
  notice: ChangeNotice;
}

const instanceIds = new WeakMap<Db, string>();

/**
 * Who this instance is in the notices it sends and hears: one id per database object, which is one
 * per process in production and one per app in the tests that run two instances in one process.
 */
export const instanceIdOf = (db: Db): string => {
  let id = instanceIds.get(db);
  if (!id) {
    id = randomUUID();
    instanceIds.set(db, id);
  }
  return id;
};

/**
 * The notices a committed change's effects ask for: the effects that clear the public portfolio
 * in this process (writes/after-commit.ts) clear it on the others, and a principal or a session
 * is forgotten everywhere. Each notice once: the list effects are left to the database (lists are SQL).
 */
export const noticesFor = (effects: readonly AfterCommitEffect[]): ChangeNotice[] => {
  const userIds = new Set<string>();
  const sessionIds = new Set<string>();
  for (const effect of effects) {
    if (effect.kind === 'principal.changed') userIds.add(effect.userId);
    if (effect.kind === 'session.changed') sessionIds.add(effect.sessionId);
  }
  return [
    ...(effects.some((effect) => effect.kind === 'publicPortfolio.changed')
      ? [{ kind: 'publicPortfolio' } as const]
      : []),
    ...[...userIds].map((userId) => ({ kind: 'principal', userId }) as const),
    ...[...sessionIds].map((sessionId) => ({ kind: 'session', sessionId }) as const),
  ];
};

/**
 * `<from>:portfolio`, `<from>:principal:<userId>` or `<from>:session:<sessionId>`: ids are UUIDs, so
 * the colon never occurs in one.
 */
export const encodeNotice = (from: string, notice: ChangeNotice): string => {
  switch (notice.kind) {
    case 'principal':
      return `${from}:principal:${notice.userId}`;
    case 'session':
      return `${from}:session:${notice.sessionId}`;
    case 'publicPortfolio':
      return `${from}:portfolio`;
  }
};

/** Null for a payload this version does not know (an instance of another release sends it). */
export const decodeNotice = (payload: string): HeardNotice | null => {
  const [from, kind, id, ...rest] = payload.split(':');
  if (!from || rest.length > 0) return null;
  if (kind === 'portfolio' && id === undefined) return { from, notice: { kind: 'publicPortfolio' } };
  if (kind === 'principal' && id) return { from, notice: { kind: 'principal', userId: id } };
  if (kind === 'session' && id) return { from, notice: { kind: 'session', sessionId: id } };
  return null;
};

/**
 * Sends the effects' notices inside the changing transaction: PostgreSQL delivers them only when it
 * commits, and only after the commit, so a listener that hears one reads the change. One statement
 * for all of them, and none when no effect concerns another instance.
 */
export const announceChanges = async (tx: Tx, from: string, effects: readonly AfterCommitEffect[]): Promise<void> => {
  const payloads = noticesFor(effects).map((notice) => encodeNotice(from, notice));
  if (payloads.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${CHANGES_CHANNEL}, payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
  );
};
