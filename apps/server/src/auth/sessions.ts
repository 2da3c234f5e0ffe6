import { SESSION_MAX_AGE_MINUTES } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { sessions } from '../db/schema.js';

/** What the login learns about the browser: kept beside the session for its owner's list. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** A session as the access guard needs it: whose, until when, and whether it ended. */
export interface LiveSession {
  id: string;
  userId: string;
  expiresAt: number;
  ended: boolean;
}

/** Enough of a User-Agent to tell two browsers apart; a longer one is cut. */
const USER_AGENT_MAX = 300;

/** A session lasts the token's 240 minutes from its start or its last renewal (docs/domain.md#sessions). */
export const sessionExpiry = (from: Date): Date => new Date(from.getTime() + SESSION_MAX_AGE_MINUTES * 60_000);

/**
 * Starts a session inside the login's transaction, so a login that fails leaves none behind
 * (docs/adr/0078-sessions-the-server-ends.md).
 */
export const openSession = async (
  tx: Tx | Db,
  userId: string,
  client: SessionClient,
): Promise<{ id: string; expiresAt: Date }> => {
  const now = new Date();
  const [row] = await tx
    .insert(sessions)
    .values({
      userId,
      createdAt: now,
      renewedAt: now,
      expiresAt: sessionExpiry(now),
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: client.ip,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row!;
};

/** The session as stored now, for the session cache (session-cache.ts). */
export const loadLiveSession = async (db: Db, id: string): Promise<LiveSession | null> => {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, endedAt: sessions.endedAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  if (!row) return null;
  return { id: row.id, userId: row.userId, expiresAt: row.expiresAt.getTime(), ended: row.endedAt !== null };
};

/** Whether a request may act in this session now. */
export const isLive = (session: LiveSession | null, now: number): session is LiveSession =>
  session !== null && !session.ended && session.expiresAt > now;
