import type { AuditLogEntry } from '@nubes/domain';
import type { auditEvents } from '../db/schema.js';
import { presentEventObject } from './object-link.js';
import type { NamedObject } from '../queries/dashboard.js';
import { presentServiceHistory } from './service-history.js';

type AuditRow = typeof auditEvents.$inferSelect;

/**
 * Audit events as the history shows them (ids named, old → new), each with its actor's id and its
 * object: kind, id, and the name it has now (`objectNames`, loadAuditObjectNames) with its screen, if any.
 */
export const presentAuditLog = (
  rows: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, NamedObject>,
): AuditLogEntry[] => {
  const entries = presentServiceHistory(rows, names);
  return rows.map((row, index) => ({
    ...entries[index]!,
    actorId: row.actorId,
    objectType: row.objectType,
    objectId: row.objectId,
    ...presentEventObject(row, objectNames.get(row.objectId)),
  }));
};
