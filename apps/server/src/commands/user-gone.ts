import type { BringUserBackRequest, GoneSource, MarkUserGoneRequest } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { conflict, invalidInput } from '../http/http-error.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import type { Writes } from '../writes/pipeline.js';
import { userRows } from '../writes/row-writes.js';
import { revokeTokensOfUser } from './api-tokens.js';
import { endLiveSessions } from './sessions.js';

/**
 * What marking a person gone ends, in the caller's transaction (docs/adr/0123-people-who-leave.md):
 * every live session (reason `gone`) and every live API token (`apiToken.revoked`, reason `gone`).
 * Answers the token events and the effects that refuse the sessions at once on every instance.
 */
const endAccess = async (tx: Tx, userId: string, principal: AuthUser | null) => {
  const ended = await endLiveSessions(tx, userId, principal?.id ?? null, 'gone');
  const tokens = await revokeTokensOfUser(tx, principal, userId, 'gone');
  const effects: AfterCommitEffect[] = [
    { kind: 'principal.changed', userId },
    ...ended.map((sessionId) => ({ kind: 'session.changed' as const, sessionId })),
  ];
  return { sessionsEnded: ended.length, tokens, effects };
};

const goneColumns = (source: GoneSource, reason: string, byId: string | null) => ({
  goneAt: new Date(),
  goneById: byId,
  goneSource: source,
  goneReason: reason,
});

/**
 * The portal manager marks a person gone in User Accounts, at the version they read. Nobody marks
 * themselves, nor the direct-login admin (the way back in when the IdP fails).
 */
export const markUserGone = (writes: Writes, principal: AuthUser, id: string, request: MarkUserGoneRequest) =>
  userRows.change(writes, {
    id,
    principal,
    version: request.version,
    authorize: (current) => {
      if (current.id === principal.id) throw invalidInput('userAccounts.gone.self');
      if (current.passwordHash !== null) throw invalidInput('userAccounts.gone.localAdmin');
      if (current.goneAt) throw conflict('userAccounts.gone.alreadyGone');
    },
    change: async (tx) => {
      const { sessionsEnded, tokens, effects } = await endAccess(tx, id, principal);
      return {
        set: goneColumns('manager', request.reason, principal.id),
        events: [{ action: 'user.gone', after: { source: 'manager', reason: request.reason, sessionsEnded } }],
        related: tokens,
        effects,
      };
    },
  });

/** The portal manager brings a gone person back: they can log in again; what was handed over stays. */
export const bringUserBack = (writes: Writes, principal: AuthUser, id: string, request: BringUserBackRequest) =>
  userRows.change(writes, {
    id,
    principal,
    version: request.version,
    authorize: (current) => {
      if (!current.goneAt) throw conflict('userAccounts.gone.notGone');
    },
    change: async (_tx, current) => ({
      set: { goneAt: null, goneById: null, goneSource: null, goneReason: null },
      events: [
        {
          action: 'user.returned',
          before: {
            goneAt: current.goneAt!.toISOString(),
            source: current.goneSource ?? 'manager',
            reason: current.goneReason ?? '',
          },
        },
      ],
      effects: [{ kind: 'principal.changed', userId: id }],
    }),
  });

/**
 * A login's claims say the account is no longer valid: the person is marked gone in the login's own
 * transaction, with what that ends. Answers the events and effects for the login's write.
 */
export const markGoneByClaims = async (tx: Tx, user: typeof users.$inferSelect, reason: string) => {
  const { sessionsEnded, tokens, effects } = await endAccess(tx, user.id, null);
  await tx
    .update(users)
    .set({ ...goneColumns('claims', reason, null), version: user.version + 1, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return {
    events: [
      {
        objectType: 'user' as const,
        objectId: user.id,
        action: 'user.gone' as const,
        after: { source: 'claims' as const, reason, sessionsEnded },
      },
      ...tokens,
    ],
    effects,
  };
};
