import './portfolio.css';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { routePath, type SavedView, type ServiceSort, type ServiceSummary } from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { isApiError } from '../../api/client';
import { useSession } from '../../auth/SessionProvider';
import { DataTable, useHiddenColumns, type DataTableEmpty } from '../../components/data-table';
import { NoAccess } from '../../components/NoAccess';
import { SavedViewsMenu } from '../../components/saved-views/SavedViewsMenu';
import { fetchServicePage } from './api';
import { listKeys } from '../../api/services';
import { ListFilterBar } from './ListFilterBar';
import {
  changeFilters,
  exportPaths,
  isSortable,
  listApiPath,
  PAGE_SIZES,
  parseListFilters,
  serializeListFilters,
  sortBy,
  type ListFilters,
  type ListSource,
} from './listQuery';
import { serviceColumns } from '../../components/serviceColumns';
import { usePermission } from '../../hooks/usePermission';

export interface ServiceListProps {
  source: ListSource;
  filters: ListFilters;
  setFilters: (next: ListFilters, options?: { replace?: boolean }) => void;
  /** What the list is called in its table caption (the tab or the screen). */
  label: string;
  /** Offer the exports of the current view and of the selected rows (need service.list on the server). */
  exportable: boolean;
  /**
   * "Start review" for the selected rows, offered to review managers. It is the reviews feature's,
   * so the page puts it in (docs/adr/0104-features-import-no-other-feature.md).
   */
  startReviews: ComponentType<{ selected: readonly ServiceSummary[]; clearSelection: () => void }>;
}

const isFiltered = (filters: ListFilters) => Boolean(filters.q || filters.state || filters.provider || filters.keyword);

/**
 * One service list: search and filters, then the data table of one page. The server pages,
 * filters and sorts; the browser never holds more than one page. While a new page loads, the
 * previous one stays (placeholderData), so the table does not flash.
 */
export const ServiceList = ({
  source,
  filters,
  setFilters,
  label,
  exportable,
  startReviews: StartReviews,
}: ServiceListProps) => {
  const { t, i18n } = useTranslation();
  const mayCreate = usePermission('service.create');
  const mayReview = usePermission('review.manage');
  const path = listApiPath(source, filters);
  const list = useQuery({
    queryKey: listKeys.page(source, path),
    queryFn: ({ signal }) => fetchServicePage(source, filters, signal),
    placeholderData: keepPreviousData,
  });
  const sortable = isSortable(source);
  const columns = useMemo(() => serviceColumns(t, i18n.language, sortable), [t, i18n.language, sortable]);
  const { session } = useSession();
  const tableId = `services-${source}`;
  const defaultHidden = useMemo(
    () => columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    [columns],
  );
  // The list holds the hidden columns (remembered as the table would), so a saved view can set them.
  const [hidden, setHidden] = useHiddenColumns(session?.username ?? null, tableId, defaultHidden);
  const visibleColumns = columns.filter((column) => !hidden.includes(column.id)).map((column) => column.id);
  const applyView = (view: SavedView) => {
    setFilters(parseListFilters(new URLSearchParams(view.query), source));
    // Columns the view does not name are hidden; a view without columns keeps the table's defaults.
    setHidden(
      view.columns.length > 0
        ? columns
            .filter((column) => (column.hideable ?? true) && !view.columns.includes(column.id))
            .map((column) => column.id)
        : defaultHidden,
    );
  };

  if (isApiError(list.error) && list.error.status === 403) return <NoAccess />;

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize), filters.page);
  const busy = list.isFetching && list.isPlaceholderData;

  const empty = ((): DataTableEmpty => {
    if (total > 0) {
      // A page past the end (an old link, rows gone meanwhile).
      return {
        title: t('dataTable.services.pastEnd'),
        hint: t('dataTable.services.pastEndHint'),
        action: (
          <Button variant="default" onClick={() => setFilters({ ...filters, page: 1 })}>
            {t('dataTable.services.toFirstPage')}
          </Button>
        ),
      };
    }
    if (isFiltered(filters)) {
      return {
        title: t('dataTable.services.filtered'),
        hint: t('dataTable.services.filteredHint'),
        action: (
          <Button
            variant="default"
            onClick={() =>
              setFilters(changeFilters(filters, source, { q: '', state: null, provider: null, keyword: null }))
            }
          >
            {t('dataTable.clearFilters')}
          </Button>
        ),
      };
    }
    if (source === 'portfolio' && filters.tab === 'myCentre')
      return { title: t('dataTable.services.noneMyCentre'), hint: t('dataTable.services.noneMyCentreHint') };
    const mine = source === 'mine';
    return {
      title: t(mine ? 'dataTable.services.noneMine' : 'dataTable.services.noneYet'),
      hint: t(mine ? 'dataTable.services.noneMineHint' : 'dataTable.services.noneYetHint'),
      action: mayCreate ? (
        <Button component={Link} to={routePath('serviceApplication')} variant="default">
          {t('dataTable.services.startApplication')}
        </Button>
      ) : undefined,
    };
  })();

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md">
        <Box flex="1 1 auto">
          <ListFilterBar source={source} filters={filters} onChange={setFilters} />
        </Box>
        <SavedViewsMenu
          list={source}
          query={serializeListFilters({ ...filters, page: 1 }, source).toString()}
          columns={visibleColumns}
          onApply={applyView}
        />
      </Group>

      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('portfolio.loadFailed')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id={tableId}
          hiddenColumns={{ hidden, onChange: setHidden }}
          caption={t('portfolio.caption', { list: label, page: filters.page, pages })}
          columns={columns}
          rows={list.data?.items}
          getRowId={(row) => row.id}
          rowLabel={(row) => row.name}
          empty={empty}
          busy={busy}
          countLabel={(count) => t('portfolio.total', { count })}
          pageSizes={PAGE_SIZES}
          server={{
            sort: sortable ? { id: filters.sort, desc: filters.order === 'desc' } : null,
            onSortChange: (sort) => setFilters(sortBy(filters, source, sort.id as ServiceSort)),
            page: filters.page,
            pageSize: filters.pageSize,
            onPageChange: (page) => setFilters({ ...filters, page }),
            onPageSizeChange: (pageSize) => setFilters({ ...filters, pageSize, page: 1 }),
            total,
          }}
          exports={exportable ? exportPaths(source, filters) : undefined}
          bulkActions={
            exportable || mayReview
              ? (selected, clearSelection) => {
                  const selection = exportPaths(
                    source,
                    filters,
                    selected.map((service) => service.id),
                  );
                  return (
                    <>
                      {exportable && (
                        <>
                          <Button size="compact-md" component="a" href={selection.csv} download>
                            {t('dataTable.exportSelectedCsv')}
                          </Button>
                          <Button size="compact-md" component="a" href={selection.json} download>
                            {t('savedViews.exportSelectedJson')}
                          </Button>
                        </>
                      )}
                      {mayReview && <StartReviews selected={selected} clearSelection={clearSelection} />}
                    </>
                  );
                }
              : undefined
          }
        />
      )}
    </Stack>
  );
};
