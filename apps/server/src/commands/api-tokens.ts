import { mayHoldScope, type CreateApiToken } from '@nubes/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import { newApiToken, type ApiTokenRow } from '../auth/api-tokens.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { apiTokens } from '../db/schema.js';
import { invalidInput, notFound } from '../http/http-error.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const DAY_MS = 86_400_000;

/**
 * A new personal API token of the caller (docs/adr/0113-personal-api-tokens.md): only scopes the
 * caller's roles allow. Answers the row and, this once, the whole token.
 */
export const createApiToken = (writes: Writes, principal: AuthUser, input: CreateApiToken) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const refused = input.scopes.find((scope) => !mayHoldScope(principal, scope));
    if (refused) throw invalidInput(undefined, { scopes: 'validation.option' });
    const { token, hash, prefix } = newApiToken();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: principal.id,
        name: input.name,
        prefix,
        secretHash: hash,
        scopes: input.scopes,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning();
    const created = row!;
    return {
      value: { row: created, token },
      events: [
        {
          objectType: 'apiToken',
          objectId: created.id,
          action: 'apiToken.created',
          after: {
            ownerId: principal.id,
            name: created.name,
            prefix,
            scopes: created.scopes,
            expiresAt: created.expiresAt.toISOString(),
          },
        },
      ],
    };
  });

type RevokeReason = 'byOwner' | 'byManager' | 'sessionsEnded' | 'gone';

const revokedEvent = (row: ApiTokenRow, reason: RevokeReason) => ({
  objectType: 'apiToken' as const,
  objectId: row.id,
  action: 'apiToken.revoked' as const,
  after: { ownerId: row.userId, name: row.name, reason },
});

/**
 * Revokes one token: the owner's own (`ownerId`) or, for the portal manager, any. One already
 * revoked is answered as it is; one the caller may not revoke is not found.
 */
export const revokeApiToken = (writes: Writes, principal: AuthUser, id: string, ownerId: string | null) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [row] = await tx
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), ownerId ? eq(apiTokens.userId, ownerId) : undefined))
      .for('update');
    if (!row) throw notFound();
    if (row.revokedAt) return { value: row, events: [] };
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()`, revokedById: principal.id })
      .where(eq(apiTokens.id, id))
      .returning();
    return { value: revoked!, events: [revokedEvent(row, ownerId ? 'byOwner' : 'byManager')] };
  });

/**
 * Inside the portal manager's "End all sessions" of a person, and when a person is marked gone
 * (docs/adr/0123-people-who-leave.md): their live tokens end with them, so cutting a person off
 * leaves no way in (docs/adr/0113-personal-api-tokens.md). No principal: a login's claims did it.
 */
export const revokeTokensOfUser = async (
  tx: Tx,
  principal: AuthUser | null,
  userId: string,
  reason: 'sessionsEnded' | 'gone' = 'sessionsEnded',
) => {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()`, revokedById: principal?.id ?? null })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)))
    .returning();
  return revoked.map((row) => revokedEvent(row, reason));
};
