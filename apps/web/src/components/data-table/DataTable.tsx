import './data-table.css';
import { Group, Loader, Text, UnstyledButton } from '@mantine/core';
import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  functionalUpdate,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type PaginationState,
  type RowData,
  type SortFn,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { useHiddenColumns } from './columnPreferences';
import type {
  DataTableAction,
  DataTableColumn,
  DataTableEmpty,
  DataTableFooter,
  DataTableMore,
  DataTableServerState,
  DataTableSort,
  SortValue,
} from './types';
import type { CardCell } from './DataTableCards';
import { ToolbarButtons } from './ToolbarButtons';
import type { DataTableExports } from './exports';
import { useGridKeyboard } from './useGridKeyboard';
import { usePhone } from '../usePhone';

// Only logged-in people choose columns; the menu's code loads when the first of them needs it.
const ColumnChooser = lazy(() => import('./ColumnChooser').then((module) => ({ default: module.ColumnChooser })));

// A stream's "Load more" button: tables without a stream never load Mantine's Button for it.
const DataTableMoreButton = lazy(() =>
  import('./DataTableMoreButton').then((module) => ({ default: module.DataTableMoreButton })),
);

// Short lists (the public portfolio, a service's documents) need no pager: its code (Mantine's
// Pagination and select) loads only when a list is longer than the smallest page.
const DataTablePager = lazy(() => import('./DataTablePager').then((module) => ({ default: module.DataTablePager })));

// A phone folds the exports and the list's actions into one menu; a desktop never loads its code.
const ToolbarMenu = lazy(() => import('./ToolbarMenu').then((module) => ({ default: module.ToolbarMenu })));

// Rows become cards on phones only (ADR 0046); a desktop's first visit does not load their code.
const DataTableCards = lazy(() => import('./DataTableCards').then((module) => ({ default: module.DataTableCards })));
const CardSort = lazy(() => import('./DataTableCards').then((module) => ({ default: module.CardSort })));

export const DEFAULT_PAGE_SIZES: readonly number[] = [25, 50, 100];
const SELECT_COLUMN = '__select';
/** Below Mantine's sm breakpoint (768 px) rows become cards (ADR 0046). */

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Client-side order of two sort values: empty values last, text by collation, numbers by size. */
export const compareSortValues = (a: SortValue, b: SortValue): number => {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
};

// The library's sort functions take rows of any table; this one reads the column's sort value.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bySortValue: SortFn<any, any> = (a, b, columnId) =>
  compareSortValues(a.getValue<SortValue>(columnId), b.getValue<SortValue>(columnId));

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { sortValue: bySortValue },
});
type Features = typeof features;

/** The footer row: the label spans the columns before the first value, then one cell per column. */
const FooterRow = <T,>({
  footer,
  columns,
  byId,
}: {
  footer: DataTableFooter;
  columns: readonly { id: string }[];
  byId: ReadonlyMap<string, DataTableColumn<T>>;
}) => {
  const firstValue = columns.findIndex((column) => column.id in footer.cells);
  const labelSpan = Math.max(1, firstValue === -1 ? columns.length : firstValue);
  return (
    <tfoot className="data-table-footer">
      <tr>
        <th scope="row" colSpan={labelSpan}>
          {footer.label}
        </th>
        {columns.slice(labelSpan).map((column) => (
          <td
            key={column.id}
            className={byId.get(column.id)?.numeric ? 'numeric' : undefined}
            aria-live={footer.live && column.id in footer.cells ? 'polite' : undefined}
          >
            {footer.cells[column.id]}
          </td>
        ))}
      </tr>
    </tfoot>
  );
};

export interface DataTableProps<T extends RowData> {
  /** Names the table: DOM ids and the key under which the column chooser remembers its choice. */
  id: string;
  /** A visually hidden caption naming the list; screen readers announce it with the table. */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows (server mode: one page); undefined while the first answer loads. */
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** What names a row for its selection checkbox ("Select <name>"). */
  rowLabel?: (row: T) => string;
  /** What an empty list says; the caller knows why it is empty (no data yet, filters). */
  empty: DataTableEmpty;
  /** Server mode: the server sorts and pages. Without it the table sorts and pages the rows itself. */
  server?: DataTableServerState;
  /** Client mode: the order before anyone chooses one. */
  initialSort?: DataTableSort;
  pageSizes?: readonly number[];
  /** Client mode: rows per page at first (default 50). */
  defaultPageSize?: number;
  /** The count above the table, e.g. "312 services" (default "312 rows"). */
  countLabel?: (count: number) => string;
  /** Show the count line (default true); a short fixed list, such as a form's rows, may leave it out. */
  showCount?: boolean;
  /** The view as CSV and JSON from the server (listExports): links on the count line while it has rows. */
  exports?: DataTableExports;
  /** The list's own steps on the count line after the exports; on a phone both fold into one menu. */
  actions?: readonly DataTableAction[];
  /** Further controls on the count line, shown as they are on every screen. */
  toolbar?: ReactNode;
  /** Offer the column chooser (remembered per logged-in person; default true). */
  columnChooser?: boolean;
  /**
   * `box` (default): the rows scroll in a box at most the window high, under a header that stays in
   * view. `page`: the rows grow the page, which scrolls them as any page (a public page whose
   * visitors do not expect a second scroll bar that hides rows); wide tables still scroll sideways.
   */
  scroll?: 'box' | 'page';
  /**
   * The hidden columns held by the caller (a saved view sets them; useHiddenColumns remembers them
   * as the table would). Without it the table remembers its own choice.
   */
  hiddenColumns?: { hidden: readonly string[]; onChange: (hidden: readonly string[]) => void };
  /** Makes rows selectable; renders the actions for the selected rows in the bar above the table. */
  bulkActions?: (selected: readonly T[], clearSelection: () => void) => ReactNode;
  /** A newer answer is on its way while the previous rows are shown. */
  busy?: boolean;
  /** A summary row under the rows (a total); shown while there are rows. */
  footer?: DataTableFooter;
  /** A stream loaded a page at a time: every loaded row shows, a button under them loads more. */
  more?: DataTableMore;
}

/**
 * The one table of every list: sticky header, sortable columns (a button in the header, aria-sort),
 * counts, page size and pager, a column chooser remembered per person and table, row selection
 * with a bulk-action bar, an empty state that says why and what to do, keyboard navigation
 * (see useGridKeyboard). Headless @tanstack/react-table under a plain table styled like Mantine's
 * (data-table.css): Mantine's Table brings its ScrollArea and the popover library with it, 17 KB
 * the public page never runs (docs/adr/0018, docs/adr/0023).
 *
 * @example Client mode (the table sorts and pages the rows it is given):
 * ```tsx
 * <DataTable
 *   id="service-documents"
 *   caption={t('serviceView.documents')}
 *   columns={[{ id: 'file', header: t('serviceView.file'), cell: (d) => d.filename, sortValue: (d) => d.filename }]}
 *   rows={documents.data?.items}
 *   getRowId={(d) => d.id}
 *   empty={{ title: t('serviceView.noDocuments') }}
 * />
 * ```
 * Server mode: pass `server={{ sort, onSortChange, page, pageSize, onPageChange, onPageSizeChange, total }}`.
 *
 * Cells may hold form inputs (a select per row: the arrow keys stay theirs), and a footer sums up:
 * ```tsx
 * <DataTable
 *   columns={[{ id: 'criterion', header: t('…'), cell: (c) => c.label, rowHeader: true }, { id: 'answer', … }, { id: 'score', … }]}
 *   footer={{ label: t('serviceView.totalScore'), cells: { score }, live: true }}
 *   …
 * />
 * ```
 */
export const DataTable = <T extends RowData>({
  id,
  caption,
  columns,
  rows,
  getRowId,
  rowLabel,
  empty,
  server,
  initialSort,
  pageSizes = DEFAULT_PAGE_SIZES,
  defaultPageSize = 50,
  countLabel,
  showCount = true,
  exports,
  actions,
  toolbar,
  columnChooser = true,
  scroll = 'box',
  hiddenColumns,
  bulkActions,
  busy = false,
  footer,
  more,
}: DataTableProps<T>) => {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const domId = useId();
  const selectable = Boolean(bulkActions);
  const phone = usePhone();

  const [clientSorting, setClientSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const [clientPagination, setClientPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: defaultPageSize,
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
    columnChooser && !hiddenColumns ? (session?.username ?? null) : null,
    id,
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
    getRowId: (row) => getRowId(row),
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

  const pageRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const grid = useGridKeyboard(pageRows.length, visibleColumns.length, (index) => pageRows[index]?.toggleSelected());

  const total = server ? server.total : data.length;
  const pageSize = server ? server.pageSize : clientPagination.pageSize;
  const page = server ? server.page : clientPagination.pageIndex + 1;
  const totalExact = server?.totalExact ?? true;
  // Past a lower bound there is always one more page to ask for.
  const pageCount = Math.max(1, Math.ceil(total / pageSize) + (totalExact ? 0 : 1));
  const count = new Intl.NumberFormat(i18n.language);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);

  const sortedColumn = sorting[0] ? columnsById.get(sorting[0].id) : undefined;
  const sortNote = sortedColumn
    ? `, ${t('dataTable.sortedBy', {
        column: sortedColumn.header,
        order: t(sorting[0]?.desc ? 'dataTable.descending' : 'dataTable.ascending'),
      })}`
    : '';
  const hideable = visibleColumns.length > 0 ? table.getAllLeafColumns().filter((column) => column.getCanHide()) : [];

  const loading = (
    <div role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" mr="sm" display="inline-block" />
      {t('dataTable.loading')}
    </div>
  );
  const emptyState = (
    <div role="status" className="data-table-empty">
      <Text fw={600}>{empty.title}</Text>
      {empty.hint && <Text size="sm">{empty.hint}</Text>}
      {empty.action && <div className="data-table-empty-action">{empty.action}</div>}
    </div>
  );
  const sortable = server && !server.onSortChange ? [] : visibleColumns.filter((column) => column.getCanSort());
  const sortBy = (sort: DataTableSort) => table.setSorting([sort]);
  const cardCell = (columnId: string, value: ReactNode): CardCell => {
    const def = columnsById.get(columnId);
    return { id: columnId, label: def?.header ?? columnId, value, numeric: def?.numeric };
  };
  const cards = phone && (
    <Suspense fallback={loading}>
      <DataTableCards
        caption={caption}
        message={rows === undefined ? loading : pageRows.length === 0 ? emptyState : undefined}
        rows={pageRows.map((row) => ({
          id: row.id,
          cells: row
            .getVisibleCells()
            .filter((cell) => cell.column.id !== SELECT_COLUMN)
            .map((cell) => cardCell(cell.column.id, columnsById.get(cell.column.id)?.cell(row.original))),
          selection: selectable
            ? {
                label: t('dataTable.selectRow', { name: rowLabel?.(row.original) ?? row.id }),
                selected: row.getIsSelected(),
                toggle: (value: boolean) => row.toggleSelected(value),
              }
            : undefined,
        }))}
        footer={
          footer && pageRows.length > 0
            ? {
                label: footer.label,
                cells: visibleColumns
                  .filter((column) => column.id in footer.cells)
                  .map((column) => cardCell(column.id, footer.cells[column.id])),
              }
            : undefined
        }
      />
    </Suspense>
  );

  const showsChooser = Boolean(columnChooser && session && hideable.length > 1 && pageRows.length > 0);
  // An empty list has nothing to export: no links to a file of headers only.
  const shownExports = total > 0 ? exports : undefined;

  const message = (content: ReactNode) => (
    <tr>
      <td colSpan={Math.max(visibleColumns.length, 1)} className="data-table-message">
        {content}
      </td>
    </tr>
  );

  return (
    <div className="data-table">
      <Group
        justify="space-between"
        align="center"
        gap="sm"
        className="data-table-toolbar"
        mod={{ 'with-chooser': showsChooser }}
      >
        <Group gap="sm" align="center">
          {/* An empty list says so in its empty state; a count of zero above it adds nothing. */}
          {showCount && rows && total > 0 && (
            <Group gap="sm" aria-live="polite">
              <Text fw={600}>
                {more?.hasMore && more.total === undefined
                  ? t('dataTable.rowsSoFar', { count: total })
                  : !totalExact
                    ? t('dataTable.moreThan', {
                        rows: countLabel ? countLabel(total) : t('dataTable.rows', { count: total }),
                      })
                    : countLabel
                      ? countLabel(more?.total ?? total)
                      : t('dataTable.rows', { count: more?.total ?? total })}
              </Text>
              {more?.total !== undefined && more.total > total && (
                <Text>
                  {t('dataTable.range', {
                    from: count.format(1),
                    to: count.format(total),
                    total: count.format(more.total),
                  })}
                </Text>
              )}
              {!more && total > 0 && from <= total && (pageCount > 1 || page > 1) && (
                <Text>
                  {t(totalExact ? 'dataTable.range' : 'dataTable.rangeOfMore', {
                    from: count.format(from),
                    to: count.format(to),
                    total: count.format(total),
                  })}
                </Text>
              )}
            </Group>
          )}
          {busy && (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('dataTable.updating')}</Text>
            </Group>
          )}
        </Group>
        <Group gap="sm">
          {(shownExports || (actions && actions.length > 0)) &&
            (phone ? (
              <Suspense fallback={null}>
                <ToolbarMenu exports={shownExports} actions={actions} />
              </Suspense>
            ) : (
              <ToolbarButtons exports={shownExports} actions={actions} />
            ))}
          {toolbar}
          {showsChooser && (
            <Suspense fallback={null}>
              <ColumnChooser
                columns={hideable.map((column) => ({
                  id: column.id,
                  label: columnsById.get(column.id)?.header ?? column.id,
                  visible: column.getIsVisible(),
                }))}
                onToggle={(columnId, visible) => table.getColumn(columnId)?.toggleVisibility(visible)}
                onShowAll={() => setHidden([])}
              />
            </Suspense>
          )}
        </Group>
      </Group>

      {/* A phone's sort is a line of its own under the count: beside the buttons it pushed them onto
      lines of their own (docs/adr/0090-one-row-header-and-compact-toolbars.md). */}
      {phone && pageRows.length > 1 && (
        <Suspense fallback={null}>
          <CardSort
            selectId={`${domId}-sort`}
            columns={sortable.map((column) => ({
              id: column.id,
              label: columnsById.get(column.id)?.header ?? column.id,
            }))}
            sort={sorting[0] ?? null}
            onSort={sortBy}
          />
        </Suspense>
      )}

      {selectable && selected.length > 0 && (
        <div role="region" aria-label={t('dataTable.bulkActions')} className="data-table-bulk">
          <Text fw={600}>{t('dataTable.selected', { count: selected.length })}</Text>
          <Group gap="sm">
            {bulkActions?.(selected, () => setRowSelection({}))}
            <UnstyledButton className="data-table-link-button" onClick={() => setRowSelection({})}>
              {t('dataTable.clearSelection')}
            </UnstyledButton>
          </Group>
        </div>
      )}

      {cards || (
        <div className="data-table-scroll" data-scroll={scroll}>
          <table
            className="data-table-table"
            aria-busy={busy}
            aria-describedby={pageRows.length > 0 ? `${domId}-keys` : undefined}
          >
            <caption className="visually-hidden">
              {caption}
              {sortNote}
            </caption>
            <thead>
              <tr>
                {table.getFlatHeaders().map((header) => {
                  const column = header.column;
                  if (!column.getIsVisible()) return null;
                  if (column.id === SELECT_COLUMN) {
                    return (
                      <th key={header.id} scope="col" className="data-table-select">
                        <input
                          type="checkbox"
                          aria-label={t('dataTable.selectPage')}
                          checked={table.getIsAllPageRowsSelected()}
                          ref={(input) => {
                            if (input) input.indeterminate = table.getIsSomePageRowsSelected();
                          }}
                          disabled={pageRows.length === 0}
                          onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
                        />
                      </th>
                    );
                  }
                  const def = columnsById.get(column.id);
                  const label = def?.header ?? column.id;
                  const className = def?.numeric ? 'numeric' : undefined;
                  if (!column.getCanSort() || (server && !server.onSortChange)) {
                    return (
                      <th key={header.id} scope="col" className={className}>
                        {label}
                      </th>
                    );
                  }
                  const direction = column.getIsSorted();
                  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
                  return (
                    <th key={header.id} scope="col" aria-sort={ariaSort} className={className}>
                      <UnstyledButton className="data-table-sort" onClick={column.getToggleSortingHandler()}>
                        {label}
                        <span className="data-table-sort-icon" aria-hidden="true">
                          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                        </span>
                      </UnstyledButton>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
              {rows === undefined && message(loading)}
              {rows !== undefined && pageRows.length === 0 && message(emptyState)}
              {pageRows.map((row, rowIndex) => (
                <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
                  {row.getVisibleCells().map((cell, colIndex) => {
                    const gridProps = {
                      'data-grid-row': rowIndex,
                      'data-grid-col': colIndex,
                      tabIndex: grid.tabIndexOf(rowIndex, colIndex),
                    };
                    if (cell.column.id === SELECT_COLUMN) {
                      return (
                        <td key={cell.id} className="data-table-select" {...gridProps}>
                          <input
                            type="checkbox"
                            tabIndex={-1}
                            aria-label={t('dataTable.selectRow', { name: rowLabel?.(row.original) ?? row.id })}
                            checked={row.getIsSelected()}
                            onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
                          />
                        </td>
                      );
                    }
                    const def = columnsById.get(cell.column.id);
                    const className = [def?.className, def?.numeric ? 'numeric' : '', def?.nowrap ? 'nowrap' : '']
                      .filter(Boolean)
                      .join(' ');
                    const Cell = def?.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={def?.rowHeader ? 'row' : undefined}
                        className={className || undefined}
                        {...gridProps}
                      >
                        {def?.cell(row.original)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            {footer && pageRows.length > 0 && <FooterRow footer={footer} columns={visibleColumns} byId={columnsById} />}
          </table>
          {pageRows.length > 0 && (
            <p id={`${domId}-keys`} className="visually-hidden">
              {t('dataTable.keyboardHelp')}
            </p>
          )}
        </div>
      )}

      {more?.hasMore && rows !== undefined && (
        <Suspense fallback={null}>
          <DataTableMoreButton more={more} />
        </Suspense>
      )}

      {!more && rows !== undefined && (pageCount > 1 || page > 1 || total > Math.min(...pageSizes)) && (
        <Suspense fallback={null}>
          <DataTablePager
            page={page}
            pageCount={Math.max(pageCount, page)}
            pageSize={pageSize}
            pageSizes={pageSizes}
            total={total}
            onPageChange={(next) => (server ? server.onPageChange(next) : table.setPageIndex(next - 1))}
            onPageSizeChange={(next) =>
              server ? server.onPageSizeChange(next) : setClientPagination({ pageIndex: 0, pageSize: next })
            }
          />
        </Suspense>
      )}
    </div>
  );
};
