import {
  canSeeChangeRequests,
  changeRequestActions,
  type ChangeRequest,
  type ChangeRequestSummary,
  type FieldValue,
} from '@nubes/domain';
import type { Db, Tx } from '../db/client.js';
import type { ChangeRequestSnapshot, ChangeRequestSummaryRow } from '../model/change-request.js';
import type { LoadedService } from '../model/service.js';
import { loadFieldRefs } from './service-detail.js';

type WireValue = ChangeRequest['fields'][number]['newValue'];
/** The stored value as the answer's schema types it (the same values; the schema's arrays are not readonly). */
const wire = (value: FieldValue | null | undefined): WireValue => (value ?? null) as WireValue;

/**
 * A service's change requests as the caller sees them: per field the value when proposed, the new
 * value, the decision and the service's value now (stale when they differ), the actions the
 * caller may take, and the names behind contact and institution values.
 */
export const presentChangeRequests = async (
  db: Db | Tx,
  requests: readonly ChangeRequestSnapshot[],
  service: LoadedService,
): Promise<ChangeRequest[]> => {
  const values: Record<string, FieldValue>[] = [];
  for (const { fields } of requests)
    for (const f of fields) values.push({ [f.fieldKey]: f.currentValue ?? null }, { [f.fieldKey]: f.newValue ?? null });
  values.push(service.row.fields);
  const authorIds = requests.map((r) => r.row.authorId).filter((id): id is string => id !== null);
  const { users: userRefs, institutions } = await loadFieldRefs(db, values, authorIds);
  const refs = { users: Object.fromEntries(userRefs), institutions: Object.fromEntries(institutions) };
  const serviceRef = {
    id: service.row.id,
    serviceId: service.row.serviceId,
    name: service.row.name,
    state: service.row.state,
  };
  return requests.map(({ row, fields }) => ({
    id: row.id,
    service: serviceRef,
    state: row.state,
    version: row.version,
    fromIntegrationManager: row.fromIntegrationManager,
    author: row.authorId ? (userRefs.get(row.authorId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fields: fields.map((f) => {
      const serviceValue = wire(service.row.fields[f.fieldKey]);
      const currentValue = wire(f.currentValue);
      return {
        key: f.fieldKey,
        currentValue,
        newValue: wire(f.newValue),
        decision: f.decision ?? null,
        serviceValue,
        stale: JSON.stringify(serviceValue) !== JSON.stringify(currentValue),
      };
    }),
    actions: canSeeChangeRequests(service.relation)
      ? changeRequestActions(service.relation, row.state, row.fromIntegrationManager)
      : [],
    refs,
  }));
};

/** A row of the Change Request List. */
export const presentChangeRequestSummary = (row: ChangeRequestSummaryRow): ChangeRequestSummary => ({
  id: row.id,
  service: {
    id: row.serviceUuid,
    serviceId: row.serviceId,
    name: row.serviceName,
    state: row.serviceState,
  },
  state: row.state,
  fromIntegrationManager: row.fromIntegrationManager,
  author: row.authorName,
  fieldCount: row.fieldCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
