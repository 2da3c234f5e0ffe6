import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { userSchema } from './auth.js';

const isoDateTime = z.string().meta({ format: 'date-time' });

/** A session the server keeps (docs/adr/0078-sessions-the-server-ends.md), as its owner sees it. */
export const ownSessionSchema = z
  .object({
    id: z.string(),
    createdAt: isoDateTime,
    renewedAt: isoDateTime,
    expiresAt: isoDateTime,
    /** The browser's User-Agent at login, shortened; null when it sent none. */
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    /** The session of the request that asks. */
    current: z.boolean(),
  })
  .meta({ id: 'OwnSession' });
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionListSchema = z.object({ items: z.array(ownSessionSchema) }).meta({ id: 'OwnSessionList' });
export type OwnSessionList = z.infer<typeof ownSessionListSchema>;

/** GET /api/session: who is logged in with the request's credential, and until when. */
export const sessionStatusSchema = z
  .object({ user: userSchema, session: ownSessionSchema })
  .meta({ id: 'SessionStatus' });
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const sessionIdParamSchema = z.object({ id: z.uuid({ error: msg('validation.invalid') }) });

/** How many sessions a call ended (0 when there was none left to end). */
export const endedSessionsSchema = z.object({ ended: z.int() }).meta({ id: 'EndedSessions' });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
