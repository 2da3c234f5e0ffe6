import { isUuid } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { voNamePrefixes } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

export type VoNamePrefixRow = typeof voNamePrefixes.$inferSelect;
type VoNamePrefixSet = Pick<PgUpdateSetSource<typeof voNamePrefixes>, 'note'>;

const lockPrefix = async (tx: Tx, id: string): Promise<VoNamePrefixRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(voNamePrefixes).where(eq(voNamePrefixes.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** A reserved VO name prefix as an object of the write pipeline (docs/adr/0036-admin-panel-sections.md). */
const VO_NAME_PREFIX_KIND: ObjectKind<VoNamePrefixRow, VoNamePrefixRow, VoNamePrefixSet, 'voNamePrefix'> = {
  objectType: 'voNamePrefix',
  lock: (tx, id) => lockPrefix(tx, id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(voNamePrefixes)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(voNamePrefixes.id, row.id))
      .returning();
    return updated!;
  },
  // Read whenever a VO name is checked: nothing cached.
  effects: () => [],
};

export const changeVoNamePrefix = <T>(
  writes: Writes,
  request: ObjectWrite<VoNamePrefixRow, VoNamePrefixSet, 'voNamePrefix', T>,
) => changeObject(writes, VO_NAME_PREFIX_KIND, request);
