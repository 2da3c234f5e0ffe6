import type { ApiToken } from '@nubes/domain';
import type { ApiTokenRow } from '../auth/api-tokens.js';

/** A token as the lists show it: never its hash. */
export const presentApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
