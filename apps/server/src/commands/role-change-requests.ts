import { canDecideRoleChange, canRequestRoleChange } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { serviceRoleChanges, services } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/http-error.js';
import { loadVisibleService } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';
import { assertUsersExist, ROLE_COLUMNS } from './update-service-roles.js';

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export interface RoleChangeInput {
  role: 'serviceOwner' | 'serviceManager';
  userId: string;
  reason?: string | undefined;
}

/**
 * SPEC §6: whoever holds the manager's rights asks for a new service owner or service manager; the
 * portfolio manager decides. One open request per role and service (409 service.roleChangePending).
 */
export const requestRoleChange = async (
  db: Db,
  principal: AuthUser,
  id: string,
  input: RoleChangeInput,
): Promise<ServiceSnapshot> => {
  try {
    return await db.transaction(async (tx) => {
      const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
      if (!canRequestRoleChange(service.relation)) throw forbidden();
      await assertUsersExist(tx, [['userId', input.userId]]);
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
      await recordAudit(
        tx,
        { id: principal.id, name: principal.username },
        {
          objectType: 'service',
          objectId: service.row.id,
          action: 'service.roleChange.requested',
          before: { [input.role]: service.row[ROLE_COLUMNS[input.role]] },
          after: { [input.role]: input.userId, ...(reason ? { reason } : {}) },
        },
      );
      return service;
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets only one of them in.
    if (isUniqueViolation(error)) throw conflict('service.roleChangePending');
    throw error;
  }
};

/** The portfolio manager accepts (the role changes, a new version) or rejects a pending request. */
export const decideRoleChange = (
  db: Db,
  principal: AuthUser,
  id: string,
  changeId: string,
  accept: boolean,
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    if (!canDecideRoleChange(service.relation)) throw forbidden();
    const [change] = await tx
      .select()
      .from(serviceRoleChanges)
      .where(and(eq(serviceRoleChanges.id, changeId), eq(serviceRoleChanges.serviceId, service.row.id)));
    if (!change) throw notFound();
    if (change.state !== 'pending') throw conflict();
    const role = change.role as keyof typeof ROLE_COLUMNS;
    await tx
      .update(serviceRoleChanges)
      .set({ state: accept ? 'accepted' : 'rejected', decidedById: principal.id, decidedAt: sql`now()` })
      .where(eq(serviceRoleChanges.id, change.id));
    const actor = { id: principal.id, name: principal.username };
    const current = service.row[ROLE_COLUMNS[role]];
    if (!accept) {
      await recordAudit(tx, actor, {
        objectType: 'service',
        objectId: service.row.id,
        action: 'service.roleChange.rejected',
        before: { [role]: current },
        after: { [role]: change.userId },
      });
      return service;
    }
    const [row] = await tx
      .update(services)
      .set({ [ROLE_COLUMNS[role]]: change.userId, version: service.row.version + 1, updatedAt: sql`now()` })
      .where(eq(services.id, service.row.id))
      .returning();
    await recordAudit(tx, actor, {
      objectType: 'service',
      objectId: service.row.id,
      action: 'service.roleChange.accepted',
      before: { [role]: current },
      after: { [role]: change.userId },
    });
    return { row: row!, adminIds: service.adminIds };
  });
