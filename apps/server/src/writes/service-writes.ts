import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { services } from '../db/schema.js';
import type { LoadedService, ServiceSnapshot } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import type { AfterCommitEffect } from './after-commit.js';
import { bumpRow, changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on the service row; version and change time are the pipeline's. */
export type ServiceSet = Omit<PgUpdateSetSource<typeof services>, 'id' | 'version' | 'updatedAt' | 'createdAt'>;

/** What a committed change of a service makes stale: the public portfolio (the lists are SQL). */
export const serviceChanged = (service: ServiceSnapshot): AfterCommitEffect[] => [
  { kind: 'service.changed', serviceId: service.row.id },
];

/** The service as an object of the write pipeline. */
export const SERVICE_KIND: ObjectKind<LoadedService, ServiceSnapshot, ServiceSet, 'service'> = {
  objectType: 'service',
  // 404 when the caller may not see it: a denied write looks like a missing service too.
  lock: (tx, id, principal) => loadVisibleService(tx, id, principal, { forUpdate: true }),
  idOf: (service) => service.row.id,
  version: (service) => service.row.version,
  bump: async (tx, service, set) => ({
    row: await bumpRow(tx, services, eq(services.id, service.row.id), service.row.version, set),
    adminIds: service.adminIds,
  }),
  effects: (service) => serviceChanged(service),
};

/** changeObject for a service. */
export const changeService = <T>(writes: Writes, request: ObjectWrite<LoadedService, ServiceSet, 'service', T>) =>
  changeObject(writes, SERVICE_KIND, request);
