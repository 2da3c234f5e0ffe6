import type { HistoryEntry } from '@nubes/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type auditEvents, institutions, keywords, users } from '../db/schema.js';

type AuditRow = typeof auditEvents.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const idsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return UUID.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  return [];
};

/**
 * Audit events as history entries, each change old → new. Events store ids (users, institutions,
 * keywords) because names change; the history shows the names they have now, and an id that no
 * longer names anything stays as it is.
 */
export const presentServiceHistory = async (db: Db, rows: readonly AuditRow[]): Promise<HistoryEntry[]> => {
  const ids = [
    ...new Set(
      rows.flatMap((row) =>
        [...Object.values(asRecord(row.before)), ...Object.values(asRecord(row.after))].flatMap(idsIn),
      ),
    ),
  ];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    for (const k of await db
      .select({ id: keywords.id, name: keywords.name })
      .from(keywords)
      .where(inArray(keywords.id, ids)))
      names.set(k.id, k.name);
    for (const i of await db
      .select({ id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name })
      .from(institutions)
      .where(inArray(institutions.id, ids)))
      names.set(i.id, `${i.name} (${i.abbreviation})`);
    for (const u of await db
      .select({ id: users.id, username: users.username, fullname: users.fullname })
      .from(users)
      .where(inArray(users.id, ids)))
      names.set(u.id, u.fullname || u.username);
  }
  const readable = (value: unknown): unknown => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(readable);
    return value ?? null;
  };
  return rows.map((row) => {
    const before = asRecord(row.before);
    const after = asRecord(row.after);
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorName,
      action: row.action,
      changes: fields.map((field) => ({ field, before: readable(before[field]), after: readable(after[field]) })),
    };
  });
};
