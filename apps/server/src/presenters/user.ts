import type { User } from '@nubes/domain';
import { effectiveRoles, type UserRow } from '../model/user.js';

/**
 * Kept for commands/login-with-password.ts (changed in parallel on another branch), which still
 * imports it from here; new code imports it from model/user.ts.
 */
export { effectiveRoles };

export const presentUser = (row: UserRow): User => ({
  username: row.username,
  fullname: row.fullname,
  email: row.email,
  roles: effectiveRoles(row),
});
