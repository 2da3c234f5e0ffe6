import { isTokenActorName, isUuid, parseAuditEvent, type HistoryEntry } from '@nubes/domain';
import type { Db } from '../db/client.js';
import type { auditEvents } from '../db/schema.js';
import { loadDisplayNames } from '../queries/display-names.js';

type AuditRow = typeof auditEvents.$inferSelect;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Each row's before and after as name → value, read through the domain's audit event union. A row
 * the union cannot read (written by an older version of the portal) still shows, as it was stored.
 */
const sidesOf = (row: AuditRow) => {
  const event = parseAuditEvent(row);
  return event
    ? { before: asRecord(event.before), after: asRecord(event.after) }
    : { before: asRecord(row.before), after: asRecord(row.after) };
};

const idsIn = (value: unknown): string[] => {
  if (isUuid(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  return [];
};

/** The ids the events name (their actors, users, institutions, keywords): the history shows their names. */
export const idsInHistory = (rows: readonly AuditRow[]): string[] => [
  ...new Set(
    rows.flatMap((row) => {
      const { before, after } = sidesOf(row);
      return [
        ...(row.actorId ? [row.actorId] : []),
        ...[...Object.values(before), ...Object.values(after)].flatMap(idsIn),
      ];
    }),
  ),
];

/**
 * Audit events as history entries, each change old → new. Events store ids (users, institutions,
 * keywords) because names change; the history shows the names they have now (`names`, from
 * idsInHistory), and an id that no longer names anything stays as it is. The actor is named the
 * same way, so people read who acted by name rather than login; an actor whose account is gone
 * (or the system) keeps the name the event was stored with.
 */
export const presentServiceHistory = (
  rows: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  /** Values an event carries for reference that are no change of the object (a package's service). */
  omit: readonly string[] = [],
): HistoryEntry[] => {
  const readable = (value: unknown): unknown => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(readable);
    return value ?? null;
  };
  return rows.map((row) => {
    const { before, after } = sidesOf(row);
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !omit.includes(f));
    return {
      id: row.id,
      at: row.at.toISOString(),
      // A change made with an API token keeps its words: "token … of <person>".
      actor: isTokenActorName(row.actorName) ? row.actorName : (row.actorId && names.get(row.actorId)) || row.actorName,
      action: row.action,
      changes: fields.map((field) => ({ field, before: readable(before[field]), after: readable(after[field]) })),
    };
  });
};

/** A page of an object's audit events as its history tab shows it, with the names behind the ids. */
export const presentHistoryPage = async (
  db: Db,
  { items, nextCursor }: { items: readonly AuditRow[]; nextCursor: string | null },
  omit?: readonly string[],
) => ({ items: presentServiceHistory(items, await loadDisplayNames(db, idsInHistory(items)), omit), nextCursor });
