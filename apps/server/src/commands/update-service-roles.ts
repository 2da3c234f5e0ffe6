import {
  canAssignServiceRoles,
  canEditObjectOwner,
  type ServiceRoleKey,
  type UpdateServiceRolesRequest,
} from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { forbidden } from '../http/http-error.js';
import { ROLE_COLUMNS, type ServiceRow, type ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';
import { assertAssignableUsers } from './assignable-users.js';

/**
 * Sets object owner, service owner, service manager and provider manager: the object owner only
 * the portfolio manager, the others whoever may assign roles now. Only the roles that really
 * change are checked and written; no change writes nothing.
 */
export const updateServiceRoles = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateServiceRolesRequest,
): Promise<ServiceSnapshot> => {
  const requested: Record<ServiceRoleKey, string | null | undefined> = {
    objectOwner: input.objectOwnerId,
    serviceOwner: input.serviceOwnerId,
    serviceManager: input.serviceManagerId,
    providerManager: input.providerManagerId,
  };
  const changedRoles = (row: ServiceRow) =>
    (Object.keys(ROLE_COLUMNS) as ServiceRoleKey[]).filter(
      (role) => requested[role] !== undefined && requested[role] !== row[ROLE_COLUMNS[role]],
    );
  const { object } = await changeService(writes, {
    id,
    principal,
    version: input.version,
    authorize: (service) => {
      const changed = changedRoles(service.row);
      if (changed.includes('objectOwner') && !canEditObjectOwner(service.relation)) throw forbidden();
      if (changed.some((role) => role !== 'objectOwner') && !canAssignServiceRoles(service.relation)) throw forbidden();
    },
    change: async (tx, service) => {
      const changed = changedRoles(service.row);
      await assertAssignableUsers(
        tx,
        changed.flatMap((role) => {
          const userId = requested[role];
          return userId ? [[`${role}Id`, userId] as const] : [];
        }),
      );
      if (changed.length === 0) return { events: [] };
      const before: Record<string, string | null> = {};
      const after: Record<string, string | null> = {};
      const set: Partial<Record<(typeof ROLE_COLUMNS)[ServiceRoleKey], string | null>> = {};
      for (const role of changed) {
        before[role] = service.row[ROLE_COLUMNS[role]];
        after[role] = requested[role] ?? null;
        set[ROLE_COLUMNS[role]] = requested[role] ?? null;
      }
      return { set, events: [{ action: 'service.roles.updated', before, after }] };
    },
  });
  return object;
};
