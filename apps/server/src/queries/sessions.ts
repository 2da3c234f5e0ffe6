import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';

export type SessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'createdAt' | 'renewedAt' | 'expiresAt' | 'userAgent' | 'ip'
>;

const columns = {
  id: sessions.id,
  createdAt: sessions.createdAt,
  renewedAt: sessions.renewedAt,
  expiresAt: sessions.expiresAt,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
};

/** A user's live sessions, the most recently renewed first. */
export const listLiveSessions = (db: Db, userId: string): Promise<SessionRow[]> =>
  db
    .select(columns)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.renewedAt), desc(sessions.id));

export const findSession = async (db: Db, id: string): Promise<SessionRow | null> => {
  const [row] = await db.select(columns).from(sessions).where(eq(sessions.id, id));
  return row ?? null;
};
