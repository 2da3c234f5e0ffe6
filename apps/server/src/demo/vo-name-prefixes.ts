import { SYSTEM_ACTOR } from '../audit/actor.js';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, voNamePrefixes } from '../db/schema.js';

/** Names a VO could pass itself off as the portal or its operators with (the centres come from the institutions). */
export const DEMO_VO_NAME_PREFIXES = [
  { prefix: 'nubes', note: 'The portal’s own name' },
  { prefix: 'admin', note: 'Could be mistaken for the operators' },
  { prefix: 'support', note: 'Could be mistaken for the service desk' },
  { prefix: 'test', note: 'Test VOs are set up by the operators only' },
] as const;

export const seedDemoVoNamePrefixes = async (tx: Tx, at: Date): Promise<void> => {
  const created = await tx
    .insert(voNamePrefixes)
    .values(DEMO_VO_NAME_PREFIXES.map((row) => ({ ...row, createdAt: at, updatedAt: at })))
    .onConflictDoNothing()
    .returning();
  if (created.length > 0)
    await tx.insert(auditEvents).values(
      created.map((row) =>
        auditRowOf(
          SYSTEM_ACTOR,
          {
            objectType: 'voNamePrefix',
            objectId: row.id,
            action: 'voNamePrefix.created',
            after: { prefix: row.prefix, note: row.note },
          },
          at,
        ),
      ),
    );
};
