import type { Tx } from '../db/client.js';
import { voNamePrefixes } from '../db/schema.js';
import { insertBySystem } from './system-rows.js';

/** Names a VO could pass itself off as the portal or its operators with (the centres come from the institutions). */
export const DEMO_VO_NAME_PREFIXES = [
  { prefix: 'nubes', note: 'The portal’s own name' },
  { prefix: 'admin', note: 'Could be mistaken for the operators' },
  { prefix: 'support', note: 'Could be mistaken for the service desk' },
  { prefix: 'test', note: 'Test VOs are set up by the operators only' },
] as const;

export const seedDemoVoNamePrefixes = async (tx: Tx, at: Date): Promise<void> => {
  await insertBySystem(tx, voNamePrefixes, DEMO_VO_NAME_PREFIXES, at, (row) => ({
    objectType: 'voNamePrefix',
    objectId: row.id,
    action: 'voNamePrefix.created',
    after: { prefix: row.prefix, note: row.note },
  }));
};
