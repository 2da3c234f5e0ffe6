import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { services } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import type { LoadedService, ServiceSnapshot } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { PORTFOLIO_CHANGED } from './after-commit.js';
import { bumpRow, changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

/** Columns a change may write on the service row; version and change time are the pipeline's. */
export type ServiceSet = Omit<PgUpdateSetSource<typeof services>, 'id' | 'version' | 'updatedAt' | 'createdAt'>;

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
  // The public portfolio is the one cache that holds services (the lists are SQL).
  effects: () => PORTFOLIO_CHANGED,
};

/** changeObject for a service. */
export const changeService = <T>(writes: Writes, request: ObjectWrite<LoadedService, ServiceSet, 'service', T>) =>
  changeObject(writes, SERVICE_KIND, request);

/** The policy of a change the domain's rule on the caller's relation allows: 403 for anyone else. */
export const allowedIf = (may: (relation: LoadedService['relation']) => boolean) => (service: LoadedService) => {
  if (!may(service.relation)) throw forbidden();
};
