import type { CreateSavedView, UpdateSavedView } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { invalidInput } from '../http/http-error.js';
import type { Writes } from '../writes/pipeline.js';
import type { SavedViewRow } from '../model/saved-view.js';
import { savedViewRows } from '../writes/row-writes.js';

/** A name the person uses for another view of the same list answers 400 on `name`. */
const nameTaken = () => invalidInput(undefined, { name: 'savedViews.nameTaken' });

const valuesOf = (row: SavedViewRow) => ({ list: row.list, name: row.name, query: row.query, columns: row.columns });

/** Saves a view of a list for the caller (docs/adr/0044-saved-views.md). */
export const createSavedView = (writes: Writes, principal: AuthUser, input: CreateSavedView): Promise<SavedViewRow> =>
  savedViewRows.create(
    writes,
    principal,
    { userId: principal.id, ...input },
    { event: (row) => ({ action: 'savedView.created', after: valuesOf(row) }), duplicate: nameTaken },
  );

/**
 * Renames a view or saves other filters and columns into it: 404 for a view that is not the
 * caller's, 409 when the version is stale. What does not change is not written.
 */
export const updateSavedView = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  { version, ...input }: UpdateSavedView,
): Promise<SavedViewRow> =>
  savedViewRows.update(writes, principal, id, version, input, { action: 'savedView.updated', duplicate: nameTaken });

/** Deletes one of the caller's views: 404 for another person's, 409 when the version is stale. */
export const deleteSavedView = (writes: Writes, principal: AuthUser, id: string, version: number) =>
  savedViewRows.remove(writes, principal, id, version, (_tx, row) => ({
    action: 'savedView.deleted',
    before: valuesOf(row),
  }));
