import { Box, Group, Stack } from '@mantine/core';
import type { SavedViewList } from '@nubes/domain';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { DataTable, listExports, type DataTableExports, type DataTableProps, type DataTableSort } from '../data-table';
import { NoAccess } from '../NoAccess';
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu';
import { listEmpty, type ListEmpty } from './listEmpty';
import { ListError } from './ListError';
import type { PagedView } from './listView';
import type { ListPage, ListScreenState } from './useListScreen';
import { useSavedColumns } from './useSavedColumns';

export interface ListScreenProps<V extends PagedView, Row extends RowData> extends Omit<
  DataTableProps<Row>,
  'caption' | 'rows' | 'empty' | 'server' | 'busy' | 'pageSizes' | 'hiddenColumns' | 'exports'
> {
  /** The view in the URL and its page from the server (useListScreen). */
  screen: ListScreenState<V, ListPage<Row>>;
  /** The list's name in the table's caption ("Contacts, page 2 of 5"). */
  label: string;
  /** A caption in the list's own words instead. */
  caption?: (page: number, pages: number) => string;
  /** The search and filters (ListFilters); the saved views stand beside them. */
  filters: ReactNode;
  /** The person's saved views of this list; the list then holds the hidden columns, which a view sets. */
  savedViews?: SavedViewList;
  /** The view as CSV and JSON: `true` for the exports of the list's own API path. */
  exports?: boolean | DataTableExports;
  /** What the list says when it has no rows at all. */
  empty: ListEmpty;
  /** What it says when the search and filters leave no rows (beside "Clear filters"); default `empty`'s title. */
  emptyFiltered?: ListEmpty;
  /** A page past the end (an old link) offers the first page instead of the empty state. */
  pastEnd?: boolean;
  /** The heading of the error the list shows when the server could not answer. */
  errorTitle?: string;
  /** The view after a click on a column header; default: that column, in the order the table asks. */
  sortTo?: (view: V, sort: DataTableSort) => V;
  /** False: the server's fixed order, no sortable headers. */
  sortable?: boolean;
  /** Above the filters: the list's intro and its own buttons. */
  header?: ReactNode;
  /** Between the filters and the table: a count, a notice. */
  notice?: ReactNode;
  /** Instead of the table while the view asks nothing yet (no field chosen). */
  idle?: ReactNode;
  /** The page to show instead of the server's answer: when that needs checking first (the field it was asked for), or when the server refused a filter. */
  data?: ListPage<Row>;
  /** After the table: the list's dialogs. */
  children?: ReactNode;
}

/**
 * The one URL-bound list screen (docs/adr/0105-one-list-screen-shape.md): search and filters,
 * the saved views, then one page of the DataTable with the server's sort and paging, the exports,
 * and a loading, empty and error state that say what to do.
 */
export const ListScreen = <V extends PagedView, Row extends RowData>({
  screen,
  label,
  caption,
  filters,
  savedViews,
  exports,
  empty,
  emptyFiltered,
  pastEnd = false,
  errorTitle,
  sortTo,
  sortable = true,
  header,
  notice,
  idle,
  data,
  children,
  ...table
}: ListScreenProps<V, Row>) => {
  const { t } = useTranslation();
  const { view, setView, codec, path, list } = screen;
  const columns = useSavedColumns(Boolean(savedViews), table.id, table.columns);
  if (isApiError(list.error) && list.error.status === 403) return <NoAccess />;

  const page = data ?? list.data;
  const total = page?.total ?? 0;
  const totalExact = page?.totalExact ?? true;
  const totalEstimated = page?.totalEstimated ?? false;
  const pages = Math.max(1, Math.ceil(total / view.pageSize) + (totalExact ? 0 : 1), view.page);
  const toolbar = savedViews ? (
    <Group align="flex-end" justify="space-between" gap="md">
      <Box flex="1 1 auto">{filters}</Box>
      <SavedViewsMenu
        list={savedViews}
        query={codec.serialize({ ...view, page: 1 }).toString()}
        columns={columns.visible}
        onApply={(saved) => {
          setView(codec.parse(new URLSearchParams(saved.query)));
          columns.apply(saved);
        }}
      />
    </Group>
  ) : (
    filters
  );

  const body =
    path === null && idle ? (
      idle
    ) : list.isError && !page ? (
      <ListError title={errorTitle ?? t('portfolio.loadFailed')} message={list.error.message} />
    ) : (
      <DataTable
        {...table}
        hiddenColumns={savedViews ? { hidden: columns.hidden, onChange: columns.setHidden } : undefined}
        caption={
          caption ? caption(view.page, pages) : t('dataTable.pagedCaption', { list: label, page: view.page, pages })
        }
        rows={page?.items}
        empty={listEmpty({
          t,
          empty,
          emptyFiltered,
          filtered: codec.isFiltered(view),
          pastEnd: pastEnd && total > 0,
          toFirstPage: () => setView({ ...view, page: 1 }),
          clearFilters: () => setView(codec.cleared(view)),
        })}
        busy={list.isFetching && list.isPlaceholderData}
        exports={exports === true ? (path ? listExports(path) : undefined) : exports || undefined}
        pageSizes={codec.pageSizes}
        server={{
          sort: sortable ? { id: view.sort, desc: view.order === 'desc' } : null,
          onSortChange: (sort) =>
            setView(
              sortTo ? sortTo(view, sort) : { ...view, sort: sort.id, order: sort.desc ? 'desc' : 'asc', page: 1 },
            ),
          page: view.page,
          pageSize: view.pageSize,
          onPageChange: (next) => setView({ ...view, page: next }),
          onPageSizeChange: (pageSize) => setView({ ...view, pageSize, page: 1 }),
          total,
          totalExact,
          totalEstimated,
        }}
      />
    );

  return (
    <Stack gap="md">
      {header}
      {toolbar}
      {notice}
      {body}
      {children}
    </Stack>
  );
};
