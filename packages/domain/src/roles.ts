import { isOneOf } from './one-of.js';
/** Role keys (docs/domain.md#roles); they travel in tokens and the database. */
export const ROLES = [
  'portalManager',
  'serviceProvider',
  'servicePortfolioManager',
  'serviceIntegrationManager',
  'contactManager',
  'cloudServiceDesk',
  'resourcePackageManager',
  'voManager',
  'voSupervisor',
] as const;

export type Role = (typeof ROLES)[number];

export const isRole = isOneOf(ROLES);

/** The portal manager may do everything any role may, so every role check passes for it. */
export const hasAnyRole = (userRoles: readonly string[], allowed: readonly Role[]): boolean =>
  userRoles.includes('portalManager') || allowed.some((role) => userRoles.includes(role));
