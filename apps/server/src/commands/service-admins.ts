import { canManageAdmins } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { serviceAdmins } from '../db/schema.js';
import type { LoadedService, ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { allowedIf, changeService } from '../writes/service-writes.js';
import { assertAssignableUsers } from './assignable-users.js';

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

type AdminChange = (
  tx: Tx,
  service: LoadedService,
  userId: string,
) => Promise<ReturnType<typeof unchanged> | ReturnType<typeof adminsChanged>>;

/** A command on the further admins: the policy, the version read, then the change of one admin. */
const adminCommand =
  (change: AdminChange) =>
  async (
    writes: Writes,
    principal: AuthUser,
    id: string,
    { version, userId }: { version: number; userId: string },
  ): Promise<ServiceSnapshot> => {
    const { object, value: adminIds } = await changeService(writes, {
      id,
      principal,
      version,
      authorize: allowedIf(canManageAdmins),
      change: (tx, service) => change(tx, service, userId),
    });
    return { row: object.row, adminIds };
  };

/** Adds a further admin (service operation group); adding one who is already there changes nothing. */
export const addServiceAdmin = adminCommand(async (tx, service, userId) => {
  await assertAssignableUsers(tx, [['userId', userId]]);
  if (service.adminIds.includes(userId)) return unchanged(service);
  await tx.insert(serviceAdmins).values({ serviceId: service.row.id, userId });
  return adminsChanged(service, [...service.adminIds, userId]);
});

/** Removes a further admin; removing one who is not there changes nothing. */
export const removeServiceAdmin = adminCommand(async (tx, service, userId) => {
  if (!service.adminIds.includes(userId)) return unchanged(service);
  await tx
    .delete(serviceAdmins)
    .where(and(eq(serviceAdmins.serviceId, service.row.id), eq(serviceAdmins.userId, userId)));
  return adminsChanged(
    service,
    service.adminIds.filter((admin) => admin !== userId),
  );
});
