import { ROLES, type Role, type UpdateUserRolesRequest } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { users } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../http/http-error.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((role, index) => role === y[index]);
};

/**
 * The portal manager gives and takes the roles given in the portal (the IdP's stay as the last
 * login mapped them). The caller names the roles it read: stored roles that differ answer 409, so
 * two managers cannot overwrite each other unseen. Logins bump the row's version without touching
 * these roles, so the check is on the roles themselves, not the version. After the commit the
 * principal cache forgets the user: the next request already carries the new roles.
 */
export const updateUserRoles = (writes: Writes, principal: AuthUser, id: string, request: UpdateUserRolesRequest) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound();
    if (!sameRoles(current.roles, request.expected)) throw conflict();
    const roles = ROLES.filter((role) => request.roles.includes(role));
    if (sameRoles(current.roles, roles)) return { value: current, events: [] };
    // The direct-login admin is the way back in when the IdP fails: it keeps the portal manager role.
    if (current.passwordHash !== null && !roles.includes('portalManager'))
      throw invalidInput('userAccounts.rolesForm.localAdmin', { roles: 'userAccounts.rolesForm.localAdmin' });
    const before = current.roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role)).sort();
    const [row] = await tx
      .update(users)
      .set({ roles, version: current.version + 1, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return {
      value: row!,
      events: [
        {
          objectType: 'user',
          objectId: id,
          action: 'user.roles.updated',
          before: { roles: before },
          after: { roles: [...roles].sort() },
        },
      ],
      effects: [{ kind: 'principal.changed', userId: id }],
    };
  });
