import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import './portfolio.css';
import { Button, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { NoAccess } from '../../pages/NoAccess';
import { fetchServicePage, listKeys } from './api';
import { ListFilterBar } from './ListFilterBar';
import {
  exportCsvPath,
  isSortable,
  listApiPath,
  pageCount,
  PAGE_SIZE,
  sortBy,
  type ListFilters,
  type ListSource,
} from './listQuery';
import { ServiceTable } from './ServiceTable';

export interface ServiceListProps {
  source: ListSource;
  filters: ListFilters;
  setFilters: (next: ListFilters, options?: { replace?: boolean }) => void;
  /** What the list is called in its table caption (the tab or the screen). */
  label: string;
  /** Offer the CSV export of the current view (needs service.list on the server). */
  exportable: boolean;
}

/**
 * One service list: search and filters, the count, the table of one page and the pager. The
 * server pages, filters and sorts; the browser never holds more than one page of 50. While a
 * new page loads, the previous one stays (placeholderData), so the table does not flash.
 */
export const ServiceList = ({ source, filters, setFilters, label, exportable }: ServiceListProps) => {
  const { t, i18n } = useTranslation();
  const path = listApiPath(source, filters);
  const list = useQuery({
    queryKey: listKeys.page(source, path),
    queryFn: ({ signal }) => fetchServicePage(source, filters, signal),
    placeholderData: keepPreviousData,
  });

  if (isApiError(list.error) && list.error.status === 403) return <NoAccess />;

  const total = list.data?.total ?? 0;
  // A page beyond the end (an old link, rows gone meanwhile) stays reachable in the pager, and empty.
  const pages = Math.max(pageCount(total), filters.page);
  const page = filters.page;
  const count = new Intl.NumberFormat(i18n.language);
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(page * PAGE_SIZE, total);
  const shown = from <= total;
  const csv = exportable ? exportCsvPath(source, filters) : null;
  const busy = list.isFetching && list.isPlaceholderData;

  return (
    <Stack gap="md">
      <ListFilterBar source={source} filters={filters} onChange={setFilters} />

      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="center">
          {list.data && (
            <Group gap="sm" aria-live="polite">
              <Text fw={600}>{t('portfolio.total', { count: total })}</Text>
              {total > 0 && shown && (
                <Text>
                  {t('portfolio.range', { from: count.format(from), to: count.format(to), total: count.format(total) })}
                </Text>
              )}
            </Group>
          )}
          {busy && (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('portfolio.updating')}</Text>
            </Group>
          )}
        </Group>
        {csv && (
          <Button component="a" href={csv} download variant="default">
            {t('portfolio.exportCsv')}
          </Button>
        )}
      </Group>

      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('portfolio.loadFailed')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <ServiceTable
          rows={list.data?.items}
          filters={filters}
          caption={t('portfolio.caption', { list: label, page, pages })}
          onSort={isSortable(source) ? (sort) => setFilters(sortBy(filters, source, sort)) : null}
          busy={busy}
        />
      )}

      {pages > 1 && (
        <nav aria-label={t('portfolio.pagination')}>
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => setFilters({ ...filters, page: next })}
            withEdges
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': t('portfolio.page', { page: item }) })}
            getControlProps={(control) => ({
              'aria-label': t(`portfolio.${control}Page`),
            })}
          />
        </nav>
      )}
    </Stack>
  );
};
