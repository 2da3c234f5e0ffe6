import { isRole, type Role } from '@nubes/domain';
import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

/** A user's roles: those given in the portal plus those mapped from the IdP at the last login. */
export const effectiveRoles = (row: Pick<UserRow, 'roles' | 'entitlementRoles'>): Role[] =>
  [...new Set([...row.roles, ...row.entitlementRoles])].filter(isRole).sort();
