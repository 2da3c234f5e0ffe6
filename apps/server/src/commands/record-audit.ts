import type { Tx } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

export interface Actor {
  id: string | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: 'system' };

export interface AuditEntry {
  objectType: 'user' | 'session' | 'service' | 'keyword' | 'institution';
  objectId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Every change writes one of these in the transaction that makes the change. */
export const recordAudit = async (tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> => {
  await tx.insert(auditEvents).values({
    actorId: actor.id,
    actorName: actor.name,
    objectType: entry.objectType,
    objectId: entry.objectId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
};
