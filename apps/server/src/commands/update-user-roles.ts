import { ROLES, type Role, type UpdateUserRolesRequest } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { conflict, invalidInput } from '../http/http-error.js';
import type { Writes } from '../writes/pipeline.js';
import { userRows } from '../writes/row-writes.js';

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
  userRows.change(writes, {
    id,
    principal,
    authorize: (current) => {
      if (!sameRoles(current.roles, request.expected)) throw conflict();
    },
    change: async (_tx, current) => {
      const roles = ROLES.filter((role) => request.roles.includes(role));
      if (sameRoles(current.roles, roles)) return { events: [] };
      // A gone person is given nothing (ADR 0127); taking their roles away stays possible.
      if (current.goneAt !== null && roles.some((role) => !current.roles.includes(role)))
        throw invalidInput('errors.userGone', { roles: 'errors.userGone' });
      // The direct-login admin is the way back in when the IdP fails: it keeps the portal manager role.
      if (current.passwordHash !== null && !roles.includes('portalManager'))
        throw invalidInput('userAccounts.rolesForm.localAdmin', { roles: 'userAccounts.rolesForm.localAdmin' });
      const before = current.roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role)).sort();
      return {
        set: { roles },
        events: [{ action: 'user.roles.updated', before: { roles: before }, after: { roles: [...roles].sort() } }],
        effects: [{ kind: 'principal.changed', userId: id }],
      };
    },
  });
