import { assertAuditEvent, type AuditEvent } from '@nubes/domain';
import type { Tx } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import type { Actor } from './actor.js';

/** The audit_events row of a typed event; throws when the payload does not fit its action. */
export const auditRowOf = (actor: Actor, event: AuditEvent, at?: Date) => {
  // The types already hold the payload to its action; the parse catches what types cannot (a
  // value cast from elsewhere), so nothing the history could not read is ever stored.
  assertAuditEvent(event);
  return {
    actorId: actor.id,
    actorName: actor.name,
    objectType: event.objectType,
    objectId: event.objectId,
    action: event.action,
    before: event.before ?? null,
    after: event.after ?? null,
    ...(at ? { at } : {}),
  };
};

/** Rows per insert: a statement takes at most 65,535 parameters, and an event row binds seven. */
const ROWS_PER_INSERT = 5000;

/**
 * Writes typed audit events in the transaction that makes the change: one statement, or one per
 * 5,000 events for a change of many objects at once (a bulk review start). Answers the rows with
 * their ids, for the webhooks' deliveries (webhooks/queue-deliveries.ts).
 */
export const recordAuditEvents = async (
  tx: Tx,
  actor: Actor,
  events: readonly AuditEvent[],
): Promise<{ id: string; action: string; before: unknown; after: unknown }[]> => {
  const rows = events.map((event) => auditRowOf(actor, event));
  const recorded: { id: string; action: string; before: unknown; after: unknown }[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const ids = await tx
      .insert(auditEvents)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .returning({ id: auditEvents.id });
    // RETURNING gives the rows in the order of VALUES.
    ids.forEach(({ id }, n) => recorded.push({ id, ...rows[i + n]! }));
  }
  return recorded;
};
