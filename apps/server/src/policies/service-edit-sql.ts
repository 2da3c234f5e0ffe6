import { hasAnyRole, PROVIDER_EDIT_STATES, type Principal } from '@nubes/domain';
import { and, inArray, ne, type SQL } from 'drizzle-orm';
import { services } from '../db/schema.js';
import { providerSideSql } from './visibility-sql.js';

/**
 * The services the caller may edit directly, as SQL over the `services` row of a query: the
 * domain's canEditService (packages/domain/src/services/access.ts) for a whole list, which the
 * field list needs for its clearable rows. The portfolio manager edits everywhere but retired, the
 * provider side in the draft states; service-edit-sql.test.ts compares both forms.
 */
export const editableServicesSql = (principal: Principal): SQL =>
  hasAnyRole(principal.roles, ['servicePortfolioManager'])
    ? ne(services.state, 'service_retired')
    : and(providerSideSql(principal), inArray(services.state, [...PROVIDER_EDIT_STATES]))!;
