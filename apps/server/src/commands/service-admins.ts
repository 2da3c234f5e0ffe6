import { canManageAdmins } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { serviceAdmins } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import type { LoadedService, ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';
import { assertUsersExist } from './assert-users-exist.js';

const authorize = (service: LoadedService) => {
  if (!canManageAdmins(service.relation)) throw forbidden();
};

/** The admins changed: a new version of the service (its further admins are part of it) and the event. */
const adminsChanged = (service: LoadedService, adminIds: string[]) => ({
  set: {},
  events: [
    {
      action: 'service.admins.updated' as const,
      before: { admins: [...service.adminIds].sort() },
      after: { admins: [...adminIds].sort() },
    },
  ],
  value: adminIds,
});

const unchanged = (service: LoadedService) => ({ events: [], value: service.adminIds });

interface AdminRequest {
  version: number;
  userId: string;
}

/** One change of the further admins: the policy, the version, and the change's new list of admins. */
const changeAdmins = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
  change: (tx: Tx, service: LoadedService) => Promise<ReturnType<typeof unchanged> | ReturnType<typeof adminsChanged>>,
): Promise<ServiceSnapshot> => {
  const { object, value: adminIds } = await changeService(writes, { id, principal, version, authorize, change });
  return { row: object.row, adminIds };
};

/** Adds a further admin (service operation group); adding one who is already there changes nothing. */
export const addServiceAdmin = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, userId }: AdminRequest,
): Promise<ServiceSnapshot> =>
  changeAdmins(writes, principal, id, version, async (tx, service) => {
    await assertUsersExist(tx, [['userId', userId]]);
    if (service.adminIds.includes(userId)) return unchanged(service);
    await tx.insert(serviceAdmins).values({ serviceId: service.row.id, userId });
    return adminsChanged(service, [...service.adminIds, userId]);
  });

/** Removes a further admin; removing one who is not there changes nothing. */
export const removeServiceAdmin = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, userId }: AdminRequest,
): Promise<ServiceSnapshot> =>
  changeAdmins(writes, principal, id, version, async (tx, service) => {
    if (!service.adminIds.includes(userId)) return unchanged(service);
    await tx
      .delete(serviceAdmins)
      .where(and(eq(serviceAdmins.serviceId, service.row.id), eq(serviceAdmins.userId, userId)));
    return adminsChanged(
      service,
      service.adminIds.filter((admin) => admin !== userId),
    );
  });
