import { hasAnyRole, type Role } from './roles.js';

/**
 * Who may call an API operation, before any object-level policy runs.
 * - 'public': anyone, also without a session
 * - 'authenticated': any logged-in user (object policies may narrow it further)
 * - a list of roles: logged-in users holding one of them (portalManager always passes)
 */
export type Audience = 'public' | 'authenticated' | readonly Role[];

export const PERMISSIONS = {
  'session.renew': { audience: 'authenticated', description: 'Renew the own session token' },
  'user.read': {
    audience: 'authenticated',
    description: 'Read a user account: the own one, or any with user.readAny',
  },
  'user.readAny': {
    audience: ['portalManager', 'contactManager', 'cloudServiceDesk'],
    description: 'Read any user account',
  },
} as const satisfies Record<string, { audience: Audience; description: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** What an API route declares: a named permission, or 'public' for routes open to everyone. */
export type RouteAccess = Permission | 'public';

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

export interface Principal {
  id: string;
  username: string;
  roles: readonly string[];
}

export const audienceAllows = (audience: Audience, principal: Principal | null): boolean => {
  if (audience === 'public') return true;
  if (!principal) return false;
  if (audience === 'authenticated') return true;
  return hasAnyRole(principal.roles, audience);
};

export const can = (principal: Principal | null, access: RouteAccess): boolean =>
  access === 'public' ? true : audienceAllows(PERMISSIONS[access].audience, principal);
