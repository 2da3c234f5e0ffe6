import type { Language, LoginRequest } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { ANONYMOUS_ACTOR, actorOf } from '../audit/actor.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { burnPasswordCheck, scryptParameters, verifyPassword } from '../auth/password.js';
import { openSession } from '../auth/sessions.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { effectiveRoles } from '../model/user.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import type { AdminCheck } from './ensure-admin.js';

/** What a direct login takes from the app context (app-context.ts sits above the commands). */
interface LoginContext {
  adminCheck: AdminCheck;
  config: Pick<Config, 'admin'>;
  database: Database;
  throttle: LoginThrottle;
  writes: Writes;
}

/**
 * Direct login is for portal managers only (ADR 0003). Every failure looks the same to the caller
 * (401, no detail). The attempt is counted before the password is checked (ADR 0016): past the
 * limit of its address+account or of its address the answer is 429, however many arrive at once.
 * A success starts the session in the same transaction (docs/adr/0078-sessions-the-server-ends.md).
 */
export const loginWithPassword = async (
  context: LoginContext,
  body: LoginRequest,
  client: { ip: string; userAgent: string | null },
  language?: Language,
) => {
  const { ip } = client;
  // Right after a start the configured admin's password may still be on its way into the database.
  await context.adminCheck.done();
  const { db } = context.database;
  const retryAfter = await context.throttle.countAttempt(ip, body.login);
  if (retryAfter > 0) {
    throw new HttpError('too_many_requests', undefined, undefined, { 'retry-after': String(retryAfter) });
  }

  const [user] = await db.select().from(users).where(eq(users.username, body.login.trim()));
  const isAdmin = !!user?.passwordHash && effectiveRoles(user).includes('portalManager');
  const valid = isAdmin
    ? await verifyPassword(body.password, user.passwordHash!)
    : (await burnPasswordCheck(body.password, scryptParameters(context.config.admin.passwordHashCost)), false);

  if (!valid || !user) {
    await runWrite(context.writes, ANONYMOUS_ACTOR, async () => ({
      value: undefined,
      events: [
        {
          objectType: 'session',
          objectId: user?.id ?? body.login.trim().slice(0, 200),
          action: 'login.failed',
          after: { ip },
        },
      ],
    }));
    throw new HttpError('unauthorized', 'errors.loginFailed');
  }

  const session = await runWrite(context.writes, actorOf(user), async (tx) => {
    await context.throttle.succeeded(tx, ip, body.login);
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(), ...(language ? { loginLanguage: language } : {}) })
      .where(eq(users.id, user.id));
    const started = await openSession(tx, user.id, client);
    return {
      value: started,
      events: [
        { objectType: 'user', objectId: user.id, action: 'login.password', after: { ip, sessionId: started.id } },
      ],
    };
  });
  return { user, session };
};
