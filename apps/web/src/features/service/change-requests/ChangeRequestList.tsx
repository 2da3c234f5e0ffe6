import { Anchor, Button, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  CHANGE_REQUEST_STATES,
  formatDateTime,
  routePath,
  type ChangeRequestListQuery,
  type ChangeRequestSummary,
} from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../routing';
import { DataTable, listExports, type DataTableColumn } from '../../../components/data-table';
import { FilterBar } from '../../../components/FilterBar';
import { SearchBox } from '../../../components/SearchBox';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { changeRequestKeys, fetchChangeRequest, fetchChangeRequestList, listQueryString } from './api';
import { ChangeRequestCard, ChangeRequestStateBadge } from './ChangeRequestCard';
import { useChangeRequestCache } from './useChangeRequestCache';
import { AppModal } from '../../../components/AppModal';

const PAGE_SIZES = [25, 50, 100] as const;
const SORTS = ['updatedAt', 'createdAt', 'state', 'service'] as const;
type Sort = (typeof SORTS)[number];

const isState = (value: string | null): value is ChangeRequestListQuery['state'] & string =>
  value !== null && (CHANGE_REQUEST_STATES as readonly string[]).includes(value);

/** The list's query from the URL; what does not fit falls back to the default, so old links still open. */
const queryOf = (params: URLSearchParams): Partial<ChangeRequestListQuery> => {
  const state = params.get('state');
  const from = params.get('from');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    state: isState(state) ? state : undefined,
    from: from === 'provider' || from === 'integrationManager' ? from : undefined,
    q: params.get('q')?.trim() || undefined,
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'updatedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 50,
  };
};

/**
 * The Change Request List: requests across services with state, service, author and date; filters,
 * search and sort live in the URL; a request opens in a dialog to be decided, released and applied.
 */
export const ChangeRequestList = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const openId = params.get('open');
  const { changed } = useChangeRequestCache();

  const set = (changes: Record<string, string | null>, resetPage = true) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete('page');
      return next;
    });

  const list = useQuery({
    queryKey: changeRequestKeys.list(listQueryString(query)),
    queryFn: ({ signal }) => fetchChangeRequestList(query, signal),
    placeholderData: keepPreviousData,
  });
  const opened = useQuery({
    queryKey: changeRequestKeys.one(openId ?? ''),
    queryFn: () => fetchChangeRequest(openId!),
    enabled: openId !== null,
  });

  const columns = useMemo(
    (): DataTableColumn<ChangeRequestSummary>[] => [
      {
        id: 'service',
        header: t('changeRequests.service'),
        cell: (row) => (
          <Anchor component={Link} to={`${routePath('service', { id: row.service.id })}?tab=changeRequests`} fw={600}>
            {row.service.name}
          </Anchor>
        ),
        sortValue: (row) => row.service.name,
        rowHeader: true,
        hideable: false,
      },
      { id: 'serviceId', header: t('serviceView.serviceId'), cell: (row) => row.service.serviceId, nowrap: true },
      {
        id: 'state',
        header: t('changeRequests.state'),
        cell: (row) => <ChangeRequestStateBadge state={row.state} />,
        sortValue: (row) => row.state,
      },
      {
        id: 'origin',
        header: t('changeRequests.origin'),
        cell: (row) =>
          row.fromIntegrationManager ? t('changeRequests.fromIntegrationManager') : t('changeRequests.fromProvider'),
      },
      { id: 'author', header: t('changeRequests.author'), cell: (row) => row.author || '—' },
      { id: 'fields', header: t('changeRequests.fields'), cell: (row) => row.fieldCount, numeric: true },
      {
        id: 'updatedAt',
        header: t('changeRequests.updated'),
        cell: (row) => formatDateTime(row.updatedAt),
        sortValue: (row) => row.updatedAt,
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'open',
        header: t('changeRequests.open'),
        cell: (row) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => set({ open: row.id }, false)}
            aria-label={`${t('changeRequests.open')}: ${t('changeRequests.details', { name: row.service.name })}`}
          >
            {t('changeRequests.open')}
          </Button>
        ),
        hideable: false,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- set reads the URL when called
    [t],
  );

  const total = list.data?.total ?? 0;
  const pageSize = query.pageSize ?? 50;
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize), page);
  const filtered = Boolean(query.state || query.from || query.q);

  return (
    <Stack gap="md">
      <FilterBar
        label={t('portfolio.filtersLabel')}
        onReset={filtered ? () => set({ q: null, state: null, from: null }) : undefined}
        active={[query.state, query.from].filter(Boolean).length}
        search={
          <SearchBox label={t('changeRequests.searchLabel')} value={query.q ?? ''} onCommit={(q) => set({ q })} />
        }
      >
        <NativeSelect
          label={t('changeRequests.stateFilter')}
          value={query.state ?? ''}
          onChange={(event) => set({ state: event.currentTarget.value })}
          data={[
            { value: '', label: t('changeRequests.all') },
            ...CHANGE_REQUEST_STATES.map((state) => ({ value: state, label: t(`changeRequests.states.${state}`) })),
          ]}
        />
        <NativeSelect
          label={t('changeRequests.originFilter')}
          value={query.from ?? ''}
          onChange={(event) => set({ from: event.currentTarget.value })}
          data={[
            { value: '', label: t('changeRequests.all') },
            { value: 'provider', label: t('changeRequests.fromProvider') },
            { value: 'integrationManager', label: t('changeRequests.fromIntegrationManager') },
          ]}
        />
      </FilterBar>
      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('notifications.somethingWentWrong')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id="change-requests"
          caption={t('dataTable.pagedCaption', { list: t('routes.changeRequestList'), page, pages })}
          columns={columns}
          rows={list.data?.items}
          getRowId={(row) => row.id}
          rowLabel={(row) => row.service.name}
          empty={{
            title: t('changeRequests.empty'),
            action: filtered ? (
              <Button variant="default" onClick={() => set({ q: null, state: null, from: null })}>
                {t('dataTable.clearFilters')}
              </Button>
            ) : undefined,
          }}
          busy={list.isFetching && list.isPlaceholderData}
          countLabel={(count) => t('changeRequests.total', { count })}
          exports={listExports(`/api/change-requests${listQueryString(query)}`)}
          pageSizes={PAGE_SIZES}
          server={{
            sort: { id: query.sort ?? 'updatedAt', desc: query.order !== 'asc' },
            onSortChange: (sort) => set({ sort: sort.id, order: sort.desc ? 'desc' : 'asc' }),
            page,
            pageSize,
            onPageChange: (next) => set({ page: String(next) }, false),
            onPageSizeChange: (next) => set({ pageSize: String(next) }),
            total,
          }}
        />
      )}
      <AppModal
        opened={openId !== null}
        onClose={() => set({ open: null }, false)}
        title={opened.data ? t('changeRequests.details', { name: opened.data.service.name }) : t('page.loading')}
        size="xl"
        transitionProps={{ duration: 0 }}
        closeButtonProps={{ 'aria-label': t('changeRequests.close') }}
      >
        {opened.data && (
          <LeaveGuard>
            <ChangeRequestCard
              request={opened.data}
              untitled
              onChanged={(next) => changed(next.service.id)}
              onConflict={() => changed(opened.data.service.id)}
            />
          </LeaveGuard>
        )}
        {opened.isError && <Text role="alert">{opened.error.message}</Text>}
      </AppModal>
    </Stack>
  );
};
