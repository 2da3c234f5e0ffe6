import {
  functionalUpdate,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSession } from '../../auth/SessionProvider';
import { useHiddenColumns } from './columnPreferences';
import type { ReactNode } from 'react';
import { features, SELECT_COLUMN, type Features } from './tableFeatures';
import type { DataTableColumn, DataTableMore, DataTableServerState, DataTableSort } from './types';

/** The DataTable's props that its state depends on (DataTable.tsx says what each means). */
interface StateProps<T extends RowData> {
  id: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  server?: DataTableServerState;
  initialSort?: DataTableSort;
  defaultPageSize: number;
  columnChooser: boolean;
  hiddenColumns?: { hidden: readonly string[]; onChange: (hidden: readonly string[]) => void };
  bulkActions?: (selected: readonly T[], clearSelection: () => void) => ReactNode;
  more?: DataTableMore;
}

/**
 * The table's state by concern: the sort and page (the server's, or its own), the selection of the
 * rows on screen, and the hidden columns (remembered per person, or held by the caller).
 */
export const useDataTableState = <T extends RowData>(props: StateProps<T>) => {
  const { columns, rows, server, hiddenColumns, more } = props;
  const { session } = useSession();
  const selectable = Boolean(props.bulkActions);
  const [clientSorting, setClientSorting] = useState<SortingState>(props.initialSort ? [props.initialSort] : []);
  const [clientPagination, setClientPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: props.defaultPageSize,
  });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // The selection belongs to the rows on screen: another page, sort or filter starts afresh.
  const [selectionRows, setSelectionRows] = useState(rows);
  if (selectionRows !== rows) {
    setSelectionRows(rows);
    if (Object.keys(rowSelection).length > 0) setRowSelection({});
  }

  const defaultHidden = useMemo(
    () => columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    [columns],
  );
  const [ownHidden, setOwnHidden] = useHiddenColumns(
    props.columnChooser && !hiddenColumns ? (session?.username ?? null) : null,
    props.id,
    defaultHidden,
  );
  const hidden = hiddenColumns?.hidden ?? ownHidden;
  const setHidden = hiddenColumns?.onChange ?? setOwnHidden;
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(hidden.map((columnId) => [columnId, false])),
    [hidden],
  );

  const columnsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const columnDefs = useMemo<ColumnDef<Features, T>[]>(() => {
    const defs: ColumnDef<Features, T>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: T) => column.sortValue?.(row),
      enableSorting: Boolean(column.sortValue),
      sortDescFirst: column.sortDescFirst ?? false,
      sortFn: 'sortValue',
      enableHiding: column.hideable ?? true,
    }));
    if (selectable) defs.unshift({ id: SELECT_COLUMN, header: '', enableSorting: false, enableHiding: false });
    return defs;
  }, [columns, selectable]);

  const sorting: SortingState = server ? (server.sort ? [server.sort] : []) : clientSorting;
  const data = rows ?? [];
  // Client mode: rows went away (a deleted document) and the page is past the end: the last page.
  const lastPageIndex = Math.max(0, Math.ceil(data.length / clientPagination.pageSize) - 1);
  if (!server && !more && clientPagination.pageIndex > lastPageIndex) {
    setClientPagination({ ...clientPagination, pageIndex: lastPageIndex });
  }
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => props.getRowId(row),
    state: {
      sorting,
      pagination: server
        ? { pageIndex: server.page - 1, pageSize: server.pageSize }
        : more
          ? // A stream shows every row loaded so far; the server pages it, not the table.
            { pageIndex: 0, pageSize: Math.max(1, data.length) }
          : clientPagination,
      rowSelection,
      columnVisibility,
    },
    manualSorting: Boolean(server),
    manualPagination: Boolean(server),
    rowCount: server ? server.total : data.length,
    enableSortingRemoval: false,
    enableMultiSort: false,
    autoResetPageIndex: false,
    enableRowSelection: selectable,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting);
      if (server) {
        if (next[0]) server.onSortChange(next[0]);
      } else {
        setClientSorting(next);
        setClientPagination((previous) => ({ ...previous, pageIndex: 0 }));
      }
    },
    onPaginationChange: setClientPagination,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, columnVisibility);
      setHidden(Object.keys(next).filter((columnId) => next[columnId] === false));
    },
  });

  const total = server ? server.total : data.length;
  const pageSize = server ? server.pageSize : clientPagination.pageSize;
  const page = server ? server.page : clientPagination.pageIndex + 1;
  const totalExact = server?.totalExact ?? true;
  const totalEstimated = !totalExact && (server?.totalEstimated ?? false);
  return {
    table,
    sorting,
    selectable,
    columnsById,
    setHidden,
    clearSelection: () => setRowSelection({}),
    total,
    pageSize,
    page,
    totalExact,
    totalEstimated,
    // Past a lower bound there is always one more page to ask for.
    pageCount: Math.max(1, Math.ceil(total / pageSize) + (totalExact ? 0 : 1)),
    setPage: (next: number) => (server ? server.onPageChange(next) : table.setPageIndex(next - 1)),
    setPageSize: (next: number) =>
      server ? server.onPageSizeChange(next) : setClientPagination({ pageIndex: 0, pageSize: next }),
  };
};

export type DataTableState<T extends RowData> = ReturnType<typeof useDataTableState<T>>;
