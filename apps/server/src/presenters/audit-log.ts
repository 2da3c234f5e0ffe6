import type { AuditLogEntry } from '@nubes/domain';
import type { auditEvents } from '../db/schema.js';
import { presentServiceHistory } from './service-history.js';

type AuditRow = typeof auditEvents.$inferSelect;

/** Audit events as the history shows them (ids named, old → new), each with its object and actor's id. */
export const presentAuditLog = (rows: readonly AuditRow[], names: ReadonlyMap<string, string>): AuditLogEntry[] => {
  const entries = presentServiceHistory(rows, names);
  return rows.map((row, index) => ({
    ...entries[index]!,
    actorId: row.actorId,
    objectType: row.objectType,
    objectId: row.objectId,
  }));
};
