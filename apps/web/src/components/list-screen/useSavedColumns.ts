import type { SavedView } from '@nubes/domain';
import { useMemo } from 'react';
import { useSession } from '../../auth/SessionProvider';
import { useHiddenColumns, type DataTableColumn } from '../data-table';

/**
 * The hidden columns of a list with saved views: the list holds them (remembered as the table
 * would), so a saved view can set them (docs/adr/0044-saved-views.md). Off, the table keeps its own.
 */
export const useSavedColumns = <Row>(on: boolean, tableId: string, columns: readonly DataTableColumn<Row>[]) => {
  const { session } = useSession();
  const defaultHidden = useMemo(
    () => columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    [columns],
  );
  const [hidden, setHidden] = useHiddenColumns(on ? (session?.username ?? null) : null, tableId, defaultHidden);
  const visible = columns.filter((column) => !hidden.includes(column.id)).map((column) => column.id);
  /** Columns a saved view does not name are hidden; a view without columns keeps the table's defaults. */
  const apply = (view: SavedView) =>
    setHidden(
      view.columns.length > 0
        ? columns
            .filter((column) => (column.hideable ?? true) && !view.columns.includes(column.id))
            .map((column) => column.id)
        : defaultHidden,
    );
  return { hidden, setHidden, visible, apply };
};
