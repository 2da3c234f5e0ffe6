import { hasAnyRole, isPortfolioManager, SERVICE_READER_ROLES, type Principal } from '@nubes/domain';
import { eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { serviceAdmins, services } from '../db/schema.js';

/** The caller is provider side of the row: object owner, service owner, service manager or further admin. */
export const providerSideCondition = (userId: string): SQL =>
  or(
    eq(services.objectOwnerId, userId),
    eq(services.serviceOwnerId, userId),
    eq(services.serviceManagerId, userId),
    sql`exists (select 1 from ${serviceAdmins} where ${serviceAdmins.serviceId} = ${services.id} and ${serviceAdmins.userId} = ${userId})`,
  )!;

/**
 * canSeeService as a WHERE clause, so a list shows exactly the rows the detail would show:
 * portfolio managers everything; the reader roles everything but other people's draft
 * applications; anyone else only the services they are provider side or provider manager of.
 * undefined means "no restriction".
 */
export const visibleServicesCondition = (principal: Principal): SQL | undefined => {
  if (isPortfolioManager(principal.roles)) return undefined;
  const own = or(providerSideCondition(principal.id), eq(services.providerManagerId, principal.id))!;
  if (hasAnyRole(principal.roles, SERVICE_READER_ROLES)) return or(ne(services.state, 'application_draft'), own);
  return own;
};
