import type { CreateSavedView, UpdateSavedView } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { savedViews } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { invalidInput } from '../http/http-error.js';
import { changesOf } from '../writes/changes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';
import { changeSavedView, type SavedViewRow } from '../writes/row-writes.js';

/** A name the person uses for another view of the same list answers 400 on `name`. */
const nameTaken = () => invalidInput(undefined, { name: 'savedViews.nameTaken' });

const valuesOf = (row: SavedViewRow) => ({ list: row.list, name: row.name, query: row.query, columns: row.columns });

/** Saves a view of a list for the caller (docs/adr/0044-saved-views.md). */
export const createSavedView = (writes: Writes, principal: AuthUser, input: CreateSavedView): Promise<SavedViewRow> =>
  refuseDuplicates(
    runWrite(writes, actorOf(principal), async (tx) => {
      const [row] = await tx
        .insert(savedViews)
        .values({ userId: principal.id, ...input })
        .returning();
      return {
        value: row!,
        events: [{ action: 'savedView.created', objectType: 'savedView', objectId: row!.id, after: valuesOf(row!) }],
      };
    }),
    nameTaken,
  );

/**
 * Renames a view or saves other filters and columns into it: 404 for a view that is not the
 * caller's, 409 when the version is stale. What does not change is not written.
 */
export const updateSavedView = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, ...input }: UpdateSavedView,
): Promise<SavedViewRow> => {
  const changed = changeSavedView(writes, {
    id,
    principal,
    version,
    change: async (_tx, row) => {
      const changes = changesOf(row, input);
      if (!changes) return { events: [] };
      return { set: changes.after, events: [{ action: 'savedView.updated', ...changes }] };
    },
  });
  return (await refuseDuplicates(changed, nameTaken)).object;
};

/** Deletes one of the caller's views: 404 for another person's, 409 when the version is stale. */
export const deleteSavedView = async (writes: Writes, principal: AuthUser, id: string, version: number) => {
  await changeSavedView(writes, {
    id,
    principal,
    version,
    change: async (tx, row) => {
      await tx.delete(savedViews).where(eq(savedViews.id, row.id));
      return { events: [{ action: 'savedView.deleted', before: valuesOf(row) }] };
    },
  });
};
