import {
  canAssignServiceRoles,
  canEditObjectOwner,
  type ServiceRoleKey,
  type UpdateServiceRolesRequest,
} from '@nubes/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db, Tx } from '../db/client.js';
import { services, users } from '../db/schema.js';
import { forbidden, invalidInput } from '../http/http-error.js';
import { assertVersion, loadVisibleService, type ServiceRow } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';

export const ROLE_COLUMNS = {
  objectOwner: 'objectOwnerId',
  serviceOwner: 'serviceOwnerId',
  serviceManager: 'serviceManagerId',
  providerManager: 'providerManagerId',
} as const satisfies Record<ServiceRoleKey, keyof ServiceRow>;

/** 400 service.unknownUser on the request key of every id that names no user. */
export const assertUsersExist = async (db: Db | Tx, refs: readonly (readonly [string, string])[]) => {
  if (refs.length === 0) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(refs.map(([, id]) => id))]));
  const known = new Set(rows.map((r) => r.id));
  const errors = Object.fromEntries(
    refs.filter(([, id]) => !known.has(id)).map(([key]) => [key, 'service.unknownUser']),
  );
  if (Object.keys(errors).length > 0) throw invalidInput('service.unknownUser', errors);
};

/**
 * Sets object owner, service owner, service manager and provider manager (SPEC §6): the object
 * owner only the portfolio manager, the others whoever may assign roles now. Only the roles that
 * really change are checked and written; no change writes nothing.
 */
export const updateServiceRoles = (
  db: Db,
  principal: AuthUser,
  id: string,
  input: UpdateServiceRolesRequest,
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    const requested: Record<ServiceRoleKey, string | null | undefined> = {
      objectOwner: input.objectOwnerId,
      serviceOwner: input.serviceOwnerId,
      serviceManager: input.serviceManagerId,
      providerManager: input.providerManagerId,
    };
    const changed = (Object.keys(ROLE_COLUMNS) as ServiceRoleKey[]).filter(
      (role) => requested[role] !== undefined && requested[role] !== service.row[ROLE_COLUMNS[role]],
    );
    if (changed.includes('objectOwner') && !canEditObjectOwner(service.relation)) throw forbidden();
    if (changed.some((role) => role !== 'objectOwner') && !canAssignServiceRoles(service.relation)) throw forbidden();
    assertVersion(service.row, input.version);
    await assertUsersExist(
      tx,
      changed.flatMap((role) => {
        const userId = requested[role];
        return userId ? [[`${role}Id`, userId] as const] : [];
      }),
    );
    if (changed.length === 0) return service;

    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    const set: Partial<Record<(typeof ROLE_COLUMNS)[ServiceRoleKey], string | null>> = {};
    for (const role of changed) {
      before[role] = service.row[ROLE_COLUMNS[role]];
      after[role] = requested[role] ?? null;
      set[ROLE_COLUMNS[role]] = requested[role] ?? null;
    }
    const [row] = await tx
      .update(services)
      .set({ ...set, version: service.row.version + 1, updatedAt: sql`now()` })
      .where(eq(services.id, service.row.id))
      .returning();
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      { objectType: 'service', objectId: service.row.id, action: 'service.roles.updated', before, after },
    );
    return { row: row!, adminIds: service.adminIds };
  });
