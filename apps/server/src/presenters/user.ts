import type { User } from '@nubes/domain';
import { effectiveRoles, type UserRow } from '../model/user.js';

export const presentUser = (row: UserRow): User => ({
  username: row.username,
  fullname: row.fullname,
  email: row.email,
  roles: effectiveRoles(row),
});
