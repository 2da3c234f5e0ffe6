import type { AuditEvent } from '@nubes/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

/**
 * Inserts rows the system makes, created and updated at `at`, leaving those that are there already
 * (the same unique key), and records each new row's created event by the system. Answers the new rows.
 */
export const insertBySystem = async <T extends PgTable>(
  tx: Tx,
  table: T,
  values: readonly object[],
  at: Date,
  createdEvent: (row: T['$inferSelect']) => AuditEvent,
): Promise<T['$inferSelect'][]> => {
  const created = (await tx
    .insert(table as PgTable)
    .values(values.map((value) => ({ ...value, createdAt: at, updatedAt: at })))
    .onConflictDoNothing()
    .returning()) as T['$inferSelect'][];
  if (created.length > 0)
    await tx.insert(auditEvents).values(created.map((row) => auditRowOf(SYSTEM_ACTOR, createdEvent(row), at)));
  return created;
};
