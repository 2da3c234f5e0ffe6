import type { SavedView } from '@nubes/domain';
import type { SavedViewRow } from '../model/saved-view.js';

export const presentSavedView = (row: SavedViewRow): SavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  columns: row.columns,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});
