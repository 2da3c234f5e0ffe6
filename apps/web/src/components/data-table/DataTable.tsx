import './data-table.css';
import type { RowData } from '@tanstack/react-table';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { usePhone } from '../usePhone';
import { DataTableBody } from './DataTableBody';
import { DataTableBulkBar } from './DataTableBulkBar';
import { DataTableFooterRow } from './DataTableFooterRow';
import { DataTableHead } from './DataTableHead';
import { DataTablePhoneCards } from './DataTablePhoneCards';
import { DataTableEmptyState, DataTableLoading } from './DataTableStates';
import { DataTableToolbar } from './DataTableToolbar';
import type { DataTableExports } from './exports';
import { DEFAULT_PAGE_SIZES } from './tableFeatures';
import type {
  DataTableAction,
  DataTableColumn,
  DataTableEmpty,
  DataTableFooter,
  DataTableMore,
  DataTableServerState,
  DataTableSort,
} from './types';
import { useDataTableState } from './useDataTableState';

// A stream's "Load more" button: tables without a stream never load Mantine's Button for it.
const DataTableMoreButton = lazy(() =>
  import('./DataTableMoreButton').then((module) => ({ default: module.DataTableMoreButton })),
);

// Short lists (the public portfolio, a service's documents) need no pager: its code (Mantine's
// Pagination and select) loads only when a list is longer than the smallest page.
const DataTablePager = lazy(() => import('./DataTablePager').then((module) => ({ default: module.DataTablePager })));

// A phone's sort sits under the count (ADR 0046); a desktop's first visit does not load its code.
const CardSort = lazy(() => import('./DataTableCards').then((module) => ({ default: module.CardSort })));

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
  const { t } = useTranslation();
  const { session } = useSession();
  const domId = useId();
  const phone = usePhone();
  const state = useDataTableState({
    id,
    columns,
    rows,
    getRowId,
    server,
    initialSort,
    defaultPageSize,
    columnChooser,
    hiddenColumns,
    bulkActions,
    more,
  });
  const { table, sorting, columnsById, total, page, pageCount, selectable } = state;
  const pageRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);

  const sortedColumn = sorting[0] ? columnsById.get(sorting[0].id) : undefined;
  const sortNote = sortedColumn
    ? `, ${t('dataTable.sortedBy', {
        column: sortedColumn.header,
        order: t(sorting[0]?.desc ? 'dataTable.descending' : 'dataTable.ascending'),
      })}`
    : '';
  const hideable = visibleColumns.length > 0 ? table.getAllLeafColumns().filter((column) => column.getCanHide()) : [];
  const sortable = !(server && !server.onSortChange);
  const loading = <DataTableLoading />;
  const message: ReactNode =
    rows === undefined ? loading : pageRows.length === 0 ? <DataTableEmptyState empty={empty} /> : undefined;
  const showsChooser = Boolean(columnChooser && session && hideable.length > 1 && pageRows.length > 0);

  return (
    <div className="data-table">
      <DataTableToolbar
        state={state}
        phone={phone}
        counted={Boolean(showCount && rows && total > 0)}
        countLabel={countLabel}
        more={more}
        busy={busy}
        // An empty list has nothing to export: no links to a file of headers only.
        exports={total > 0 ? exports : undefined}
        actions={actions}
        toolbar={toolbar}
        showsChooser={showsChooser}
      />

      {/* A phone's sort is a line of its own under the count: beside the buttons it pushed them onto
      lines of their own (docs/adr/0090-one-row-header-and-compact-toolbars.md). */}
      {phone && pageRows.length > 1 && (
        <Suspense fallback={null}>
          <CardSort
            selectId={`${domId}-sort`}
            columns={(sortable ? visibleColumns.filter((column) => column.getCanSort()) : []).map((column) => ({
              id: column.id,
              label: columnsById.get(column.id)?.header ?? column.id,
            }))}
            sort={sorting[0] ?? null}
            onSort={(sort: DataTableSort) => table.setSorting([sort])}
          />
        </Suspense>
      )}

      {selectable && selected.length > 0 && (
        <DataTableBulkBar
          count={selected.length}
          actions={bulkActions?.(selected, state.clearSelection)}
          onClear={state.clearSelection}
        />
      )}

      {phone ? (
        <DataTablePhoneCards
          state={state}
          caption={caption}
          rowLabel={rowLabel}
          footer={footer}
          message={message}
          loading={loading}
        />
      ) : (
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
            <DataTableHead state={state} sortable={sortable} />
            <DataTableBody state={state} rowLabel={rowLabel} message={message} />
            {footer && pageRows.length > 0 && (
              <DataTableFooterRow footer={footer} columns={visibleColumns} byId={columnsById} />
            )}
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
            pageSize={state.pageSize}
            pageSizes={pageSizes}
            total={total}
            onPageChange={state.setPage}
            onPageSizeChange={state.setPageSize}
          />
        </Suspense>
      )}
    </div>
  );
};
