import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import { revokeTokensOfUser } from './api-tokens.js';
import type { AuthUser } from '../auth/principal.js';
import { sessionExpiry } from '../auth/sessions.js';
import type { Tx } from '../db/client.js';
import { sessions, users, type SessionEndReason } from '../db/schema.js';
import { notFound, unauthorized } from '../http/http-error.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/** Still running: neither ended nor expired. */
const live = () => and(isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * The 180–240-minute renewal (docs/domain.md#sessions): the session gets another 240 minutes from
 * now, on every instance at once (the session's notice). An ended or expired one is not renewed.
 */
export const renewSession = (writes: Writes, principal: AuthUser, sessionId: string) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [current] = await tx
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, principal.id), live()))
      .for('update');
    if (!current) throw unauthorized();
    const now = new Date();
    const expiresAt = sessionExpiry(now);
    await tx.update(sessions).set({ renewedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
    return {
      value: { id: sessionId, expiresAt },
      events: [
        {
          objectType: 'session',
          objectId: sessionId,
          action: 'session.renewed',
          before: { expiresAt: current.expiresAt.toISOString() },
          after: { expiresAt: expiresAt.toISOString() },
        },
      ],
      effects: [{ kind: 'session.changed', sessionId }],
    };
  });

/**
 * Ends one of the caller's own sessions: at logout the current one, from the sessions list any.
 * One that is not the caller's, or no longer live, is not found; a logout of it ends nothing.
 */
export const endOwnSession = (
  writes: Writes,
  principal: AuthUser,
  sessionId: string,
  reason: 'logout' | 'endedByOwner',
) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: sql`now()`, endedById: principal.id, endReason: reason })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, principal.id), live()))
      .returning({ id: sessions.id });
    if (ended.length === 0) {
      if (reason === 'logout') return { value: 0, events: [] };
      throw notFound();
    }
    return {
      value: 1,
      events: [
        {
          objectType: 'session',
          objectId: sessionId,
          action: 'session.ended',
          after: { userId: principal.id, reason },
        },
      ],
      effects: [{ kind: 'session.changed', sessionId }],
    };
  });

/**
 * Ends every live session of a user in the caller's transaction; answers the sessions' ids, whose
 * `session.changed` effects refuse them at once on every instance.
 */
export const endLiveSessions = async (
  tx: Tx,
  userId: string,
  endedById: string | null,
  reason: Extract<SessionEndReason, 'endedByManager' | 'gone'>,
) => {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: sql`now()`, endedById, endReason: reason })
    .where(and(eq(sessions.userId, userId), live()))
    .returning({ id: sessions.id });
  return ended.map(({ id }) => id);
};

/**
 * The portal manager ends every live session of a user (User Accounts): each is refused at once,
 * here and, by its notice, on every other instance; the user's API tokens are revoked with them
 * (docs/adr/0113-personal-api-tokens.md). Answers how many sessions ended.
 */
export const endSessionsOfUser = (writes: Writes, principal: AuthUser, userId: string) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const ended = await endLiveSessions(tx, userId, principal.id, 'endedByManager');
    const tokens = await revokeTokensOfUser(tx, principal, userId);
    if (ended.length === 0) return { value: 0, events: tokens };
    return {
      value: ended.length,
      events: [
        { objectType: 'user', objectId: userId, action: 'user.sessions.ended', after: { count: ended.length } },
        ...tokens,
      ],
      effects: ended.map((sessionId) => ({ kind: 'session.changed' as const, sessionId })),
    };
  });
