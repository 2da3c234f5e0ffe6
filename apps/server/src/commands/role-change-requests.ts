import { canDecideRoleChange, canRequestRoleChange } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import { serviceRoleChanges } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { conflict, notFound } from '../http/http-error.js';
import { ROLE_COLUMNS, type ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { allowedIf, changeService } from '../writes/service-writes.js';
import { assertAssignableUsers } from './assignable-users.js';

export interface RoleChangeInput {
  role: 'serviceOwner' | 'serviceManager';
  userId: string;
  reason?: string | undefined;
}

/**
 * Whoever holds the manager's rights asks for a new service owner or service manager; the
 * portfolio manager decides. One open request per role and service (409 service.roleChangePending).
 * The request itself leaves the service as it is: no new version.
 */
export const requestRoleChange = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: RoleChangeInput,
): Promise<ServiceSnapshot> => {
  const requested = changeService(writes, {
    id,
    principal,
    authorize: allowedIf(canRequestRoleChange),
    change: async (tx, service) => {
      await assertAssignableUsers(tx, [['userId', input.userId]]);
      const [pending] = await tx
        .select({ id: serviceRoleChanges.id })
        .from(serviceRoleChanges)
        .where(
          and(
            eq(serviceRoleChanges.serviceId, service.row.id),
            eq(serviceRoleChanges.role, input.role),
            eq(serviceRoleChanges.state, 'pending'),
          ),
        );
      if (pending) throw conflict('service.roleChangePending');
      const reason = input.reason ?? '';
      await tx.insert(serviceRoleChanges).values({
        serviceId: service.row.id,
        role: input.role,
        userId: input.userId,
        requestedById: principal.id,
        reason,
      });
      return {
        events: [
          {
            action: 'service.roleChange.requested',
            before: { [input.role]: service.row[ROLE_COLUMNS[input.role]] },
            after: { [input.role]: input.userId, ...(reason ? { reason } : {}) },
          },
        ],
      };
    },
  });
  // Two requests at once: the partial unique index lets only one of them in.
  return (await refuseDuplicates(requested, () => conflict('service.roleChangePending'))).object;
};

/** The portfolio manager accepts (the role changes, a new version) or rejects a pending request. */
export const decideRoleChange = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  changeId: string,
  accept: boolean,
): Promise<ServiceSnapshot> => {
  const { object } = await changeService(writes, {
    id,
    principal,
    authorize: allowedIf(canDecideRoleChange),
    change: async (tx, service) => {
      const [change] = await tx
        .select()
        .from(serviceRoleChanges)
        .where(and(eq(serviceRoleChanges.id, changeId), eq(serviceRoleChanges.serviceId, service.row.id)));
      if (!change) throw notFound();
      if (change.state !== 'pending') throw conflict();
      // The person may have gone since the request: they cannot take the role now.
      if (accept) await assertAssignableUsers(tx, [['userId', change.userId]]);
      const role = change.role as keyof typeof ROLE_COLUMNS;
      await tx
        .update(serviceRoleChanges)
        .set({ state: accept ? 'accepted' : 'rejected', decidedById: principal.id, decidedAt: sql`now()` })
        .where(eq(serviceRoleChanges.id, change.id));
      const before = { [role]: service.row[ROLE_COLUMNS[role]] };
      const after = { [role]: change.userId };
      if (!accept) return { events: [{ action: 'service.roleChange.rejected', before, after }] };
      return {
        set: { [ROLE_COLUMNS[role]]: change.userId },
        events: [{ action: 'service.roleChange.accepted', before, after }],
      };
    },
  });
  return object;
};
