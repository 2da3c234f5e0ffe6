import type { AuditLogEntry } from '@nubes/domain';
import type { auditEvents } from '../db/schema.js';
import { objectLink } from './object-link.js';
import { presentServiceHistory } from './service-history.js';

type AuditRow = typeof auditEvents.$inferSelect;

/**
 * Audit events as the history shows them (ids named, old → new), each with its actor's id and its
 * object: kind, id, and the name it has now (`objectNames`, loadAuditObjectNames) with its screen, if any.
 */
export const presentAuditLog = (
  rows: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, string>,
): AuditLogEntry[] => {
  const entries = presentServiceHistory(rows, names);
  return rows.map((row, index) => ({
    ...entries[index]!,
    actorId: row.actorId,
    objectType: row.objectType,
    objectId: row.objectId,
    objectName: objectNames.get(row.objectId) ?? null,
    // Only an object that is still there has a screen to go to.
    objectLink: objectNames.has(row.objectId) ? objectLink(row.objectType, row.objectId) : null,
  }));
};
