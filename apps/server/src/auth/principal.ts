import { isUuid, type Principal, type TokenScope } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { effectiveRoles } from '../model/user.js';

export interface AuthUser extends Principal {
  fullname: string;
  email: string;
  /** The user's institution: "my centre" in the portfolio. */
  institutionId: string | null;
  /** Present when a personal API token authenticated the request: its owner's roles, narrowed to its scopes. */
  token?: { id: string; name: string; scopes: readonly TokenScope[] };
}

/**
 * The user and their roles as stored now. Requests get it through the principal cache
 * (principal-cache.ts): fresh at once after a change made in this process, within a second after
 * one made elsewhere.
 */
export const loadPrincipal = async (db: Db, userId: string): Promise<AuthUser | null> => {
  if (!isUuid(userId)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    roles: effectiveRoles(row),
    institutionId: row.institutionId,
  };
};
