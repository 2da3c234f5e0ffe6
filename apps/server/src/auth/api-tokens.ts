import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_DISPLAY_LENGTH, TOKEN_PREFIX } from '@nubes/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiTokens } from '../db/schema.js';

/**
 * A new personal API token: the prefix and 32 random bytes (256 bits), base64url. Only its hash is
 * stored; a secret this long needs no slow hash, so SHA-256 (docs/adr/0113-personal-api-tokens.md).
 */
export const newApiToken = () => {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, TOKEN_DISPLAY_LENGTH) };
};

export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The token a bearer credential names, by its hash: one read of a unique index. */
export const findApiToken = async (db: Db, token: string): Promise<ApiTokenRow | null> => {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, hashApiToken(token)));
  return row ?? null;
};

/** How often "last used" is written: the list shows a time, not a log of every request. */
const LAST_USED_STEP = sql`interval '1 minute'`;

/**
 * Notes the use. Not a change of the portal's records but the token's bookkeeping, like the
 * login throttle's counters: no audit event, and at most one statement a minute per token.
 */
export const noteApiTokenUse = async (db: Db, row: ApiTokenRow, now: number): Promise<void> => {
  if (row.lastUsedAt && now - row.lastUsedAt.getTime() < 60_000) return;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, row.id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - ${LAST_USED_STEP}`)),
      ),
    );
};
