import { isUuid } from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { savedViews } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
type SavedViewSet = Pick<PgUpdateSetSource<typeof savedViews>, 'name' | 'query' | 'columns'>;

/** Only the caller's own views: another person's view is not found, exactly like one that does not exist. */
const lockSavedView = async (tx: Tx, id: string, userId: string): Promise<SavedViewRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** A saved view as an object of the write pipeline (docs/adr/0044-saved-views.md). */
const SAVED_VIEW_KIND: ObjectKind<SavedViewRow, SavedViewRow, SavedViewSet, 'savedView'> = {
  objectType: 'savedView',
  lock: (tx, id, principal) => lockSavedView(tx, id, principal.id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(savedViews)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(savedViews.id, row.id))
      .returning();
    return updated!;
  },
  // Read per request from the database: nothing cached.
  effects: () => [],
};

export const changeSavedView = <T>(writes: Writes, request: ObjectWrite<SavedViewRow, SavedViewSet, 'savedView', T>) =>
  changeObject(writes, SAVED_VIEW_KIND, request);
