import { Anchor, Text } from '@mantine/core';
import {
  CHANGE_REQUEST_STATES,
  formatDateTime,
  routePath,
  type ChangeRequestList as ChangeRequestPage,
  type ChangeRequestSummary,
} from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import type { DataTableColumn } from '../../../components/data-table';
import { ListFilters } from '../../../components/list-screen/ListFilters';
import { ListScreen } from '../../../components/list-screen/ListScreen';
import { useListScreen } from '../../../components/list-screen/useListScreen';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { changeRequestKeys, fetchChangeRequest } from './api';
import { changeRequestsView, type ChangeRequestsView } from './changeRequestsView';
import { ChangeRequestCard, ChangeRequestStateBadge } from './ChangeRequestCard';
import { useChangeRequestCache } from './useChangeRequestCache';
import { AppModal } from '../../../components/AppModal';
import { RowAction } from '../../../components/RowAction';

/**
 * The Change Request List: requests across services with state, service, author and date; filters,
 * search and sort live in the URL; a request opens in a dialog to be decided, released and applied.
 */
export const ChangeRequestList = () => {
  const { t } = useTranslation();
  const screen = useListScreen<ChangeRequestsView, ChangeRequestPage>(changeRequestsView, changeRequestKeys.list);
  const { view, setView } = screen;
  const openId = view.open;
  const { changed } = useChangeRequestCache();
  const open = useCallback((id: string | null) => setView({ ...view, open: id }), [view, setView]);

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
          <RowAction
            label={t('changeRequests.open')}
            onClick={() => open(row.id)}
            aria-label={`${t('changeRequests.open')}: ${t('changeRequests.details', { name: row.service.name })}`}
          />
        ),
        hideable: false,
      },
    ],
    [t, open],
  );

  return (
    <ListScreen
      screen={screen}
      id="change-requests"
      label={t('routes.changeRequestList')}
      filters={
        <ListFilters
          url={screen}
          search={{ label: t('changeRequests.searchLabel') }}
          filters={[
            {
              name: 'state',
              label: t('changeRequests.stateFilter'),
              all: t('changeRequests.all'),
              data: CHANGE_REQUEST_STATES.map((state) => ({
                value: state,
                label: t(`changeRequests.states.${state}`),
              })),
            },
            {
              name: 'from',
              label: t('changeRequests.originFilter'),
              all: t('changeRequests.all'),
              data: [
                { value: 'provider', label: t('changeRequests.fromProvider') },
                { value: 'integrationManager', label: t('changeRequests.fromIntegrationManager') },
              ],
            },
          ]}
        />
      }
      errorTitle={t('notifications.somethingWentWrong')}
      exports
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.service.name}
      empty={{ title: t('changeRequests.empty') }}
      countLabel={(count) => t('changeRequests.total', { count })}
    >
      <AppModal
        opened={openId !== null}
        onClose={() => open(null)}
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
    </ListScreen>
  );
};
