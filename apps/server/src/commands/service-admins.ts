import { canManageAdmins } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db, Tx } from '../db/client.js';
import { serviceAdmins, services } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import { assertVersion, loadVisibleService, type LoadedService } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';
import { assertUsersExist } from './update-service-roles.js';

const changeAdmins = async (
  tx: Tx,
  principal: AuthUser,
  service: LoadedService,
  adminIds: string[],
): Promise<ServiceSnapshot> => {
  const [row] = await tx
    .update(services)
    .set({ version: service.row.version + 1, updatedAt: sql`now()` })
    .where(eq(services.id, service.row.id))
    .returning();
  await recordAudit(
    tx,
    { id: principal.id, name: principal.username },
    {
      objectType: 'service',
      objectId: service.row.id,
      action: 'service.admins.updated',
      before: { admins: [...service.adminIds].sort() },
      after: { admins: [...adminIds].sort() },
    },
  );
  return { row: row!, adminIds };
};

const loadForAdmins = async (tx: Tx, principal: AuthUser, id: string, version: number) => {
  const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
  if (!canManageAdmins(service.relation)) throw forbidden();
  assertVersion(service.row, version);
  return service;
};

/** Adds a further admin (service operation group); adding one who is already there changes nothing. */
export const addServiceAdmin = (
  db: Db,
  principal: AuthUser,
  id: string,
  { version, userId }: { version: number; userId: string },
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadForAdmins(tx, principal, id, version);
    await assertUsersExist(tx, [['userId', userId]]);
    if (service.adminIds.includes(userId)) return service;
    await tx.insert(serviceAdmins).values({ serviceId: service.row.id, userId });
    return changeAdmins(tx, principal, service, [...service.adminIds, userId]);
  });

/** Removes a further admin; removing one who is not there changes nothing. */
export const removeServiceAdmin = (
  db: Db,
  principal: AuthUser,
  id: string,
  { version, userId }: { version: number; userId: string },
): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadForAdmins(tx, principal, id, version);
    if (!service.adminIds.includes(userId)) return service;
    await tx
      .delete(serviceAdmins)
      .where(and(eq(serviceAdmins.serviceId, service.row.id), eq(serviceAdmins.userId, userId)));
    return changeAdmins(
      tx,
      principal,
      service,
      service.adminIds.filter((admin) => admin !== userId),
    );
  });
