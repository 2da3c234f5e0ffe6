import {
  canEditService,
  canSeeService,
  categoriseService,
  isClearableField,
  type AuditEvent,
  type ClearFieldRequest,
  type FieldValues,
} from '@nubes/domain';
import { asc, inArray } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { serviceAdmins, services } from '../db/schema.js';
import { conflict, invalidInput } from '../http/http-error.js';
import { serviceRelation } from '../policies/service-policy.js';
import { listTokenOf, loadClearableTargets } from '../queries/service-field-list.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import { SERVICE_KIND } from '../writes/service-writes.js';

/**
 * Clears an optional field on many services in one transaction (ADR 30): the listed ones (the
 * search, count and token the person confirmed) or the selected ones (each with the version it
 * was listed with). Every service is locked, checked (still visible, editable by the caller, still
 * holding a value, at the version confirmed), written with its next version and its own
 * `service.fieldCleared` event; anything else answers 409 and writes nothing. After the commit
 * the public portfolio is refreshed. Answers how many were cleared.
 */
export const clearServiceField = async (
  writes: Writes,
  db: Db,
  principal: AuthUser,
  key: string,
  request: ClearFieldRequest,
): Promise<number> => {
  if (!isClearableField(key))
    throw invalidInput('serviceFieldList.notClearable', { field: 'serviceFieldList.notClearable' });
  let targets: readonly { id: string; version: number }[];
  if (request.scope === 'all') {
    targets = await loadClearableTargets(db, principal, key, request.q);
    if (targets.length !== request.count || listTokenOf(targets) !== request.listToken)
      throw conflict('serviceFieldList.changedSince');
  } else targets = request.services;

  const ids = [...new Set(targets.map((target) => target.id))];
  if (ids.length !== targets.length) throw invalidInput('serviceFieldList.noneSelected');
  return runWrite(writes, actorOf(principal), async (tx) => {
    // Locked in one order, so two clears over overlapping services cannot deadlock.
    const rows = await tx
      .select()
      .from(services)
      .where(inArray(services.id, ids))
      .orderBy(asc(services.id))
      .for('update');
    const admins = await tx
      .select({ serviceId: serviceAdmins.serviceId, userId: serviceAdmins.userId })
      .from(serviceAdmins)
      .where(inArray(serviceAdmins.serviceId, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const events: AuditEvent[] = [];
    for (const target of targets) {
      const row = byId.get(target.id);
      // A service the caller may not see answers as one that changed: nothing tells it exists.
      if (!row || row.version !== target.version) throw conflict('serviceFieldList.changedSince');
      const adminIds = admins.filter((admin) => admin.serviceId === row.id).map((admin) => admin.userId);
      const relation = serviceRelation(principal, row, adminIds);
      if (!canSeeService(relation) || !canEditService(relation) || !Object.hasOwn(row.fields, key))
        throw conflict('serviceFieldList.changedSince');
      const { [key]: old, ...fields }: FieldValues = row.fields;
      // The service type follows from the fields (an optional one among them): it is derived anew.
      await SERVICE_KIND.bump(tx, { row, adminIds, relation }, { fields, serviceType: categoriseService(fields) });
      events.push({
        action: 'service.fieldCleared',
        objectType: 'service',
        objectId: row.id,
        before: { [key]: old },
        after: { [key]: null },
      });
    }
    return { value: events.length, events, effects: PORTFOLIO_CHANGED };
  });
};
