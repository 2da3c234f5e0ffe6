import { Text } from '@mantine/core';
import { formatDateTime, type Webhook, type WebhookDelivery, type WebhookDeliveryState } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { reportWriteError } from '../../../api/writes';
import { AppModal } from '../../../components/AppModal';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageLoader } from '../../../components/PageLoader';
import { fetchWebhookDeliveries, redeliverWebhook, webhookKeys } from './api';
import { StatusBadge } from '../../../components/StatusBadge';
import { RowAction } from '../../../components/RowAction';

const STATE_COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** An endpoint's delivery log, newest first, with "Redeliver" on each delivery not being sent. */
export const WebhookDeliveriesModal = ({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={hook !== null}
      onClose={onClose}
      title={hook ? t('webhooks.deliveriesTitle', { url: hook.url }) : ''}
      size="80rem"
      closeButtonProps={{ 'aria-label': t('webhooks.close') }}
    >
      {hook && <DeliveryLog hook={hook} />}
    </AppModal>
  );
};

const DeliveryLog = ({ hook }: { hook: Webhook }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(hook.id),
    queryFn: ({ signal }) => fetchWebhookDeliveries(hook.id, signal),
    // A delivery on its way changes within seconds: the log follows it while it is open.
    refetchInterval: 2_000,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(hook.id) });
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) => redeliverWebhook(hook.id, delivery),
    onSuccess: () => {
      reload();
      notifySuccess(t('webhooks.delivery.redelivered'), hook.url);
    },
    onError: (error) => reportWriteError(error, t('webhooks.cannotRedeliver'), t, { onConflict: reload }),
  });
  const columns = useMemo((): DataTableColumn<WebhookDelivery>[] => {
    const typeName = (delivery: WebhookDelivery) => t(`webhooks.types.${delivery.eventType}`, { nsSeparator: false });
    return [
      {
        id: 'event',
        header: t('webhooks.delivery.event'),
        cell: (row) => (
          <>
            <Text span inherit fw={600}>
              {typeName(row)}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {row.eventId}
            </Text>
          </>
        ),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'state',
        header: t('webhooks.delivery.state'),
        cell: (row) => (
          <StatusBadge color={STATE_COLORS[row.state]}>{t(`webhooks.delivery.states.${row.state}`)}</StatusBadge>
        ),
      },
      { id: 'code', header: t('webhooks.delivery.code'), cell: (row) => (row.lastStatus ?? '–').toString() },
      { id: 'tries', header: t('webhooks.delivery.tries'), cell: (row) => String(row.tries) },
      {
        id: 'lastError',
        header: t('webhooks.delivery.lastError'),
        cell: (row) => (
          <Text span inherit style={{ wordBreak: 'break-word' }}>
            {row.lastError ?? '–'}
          </Text>
        ),
      },
      {
        id: 'time',
        header: t('webhooks.delivery.time'),
        cell: (row) => formatDateTime(row.lastAttemptAt ?? row.createdAt),
        sortValue: (row) => row.lastAttemptAt ?? row.createdAt,
      },
      {
        id: 'actions',
        header: t('webhooks.actions'),
        cell: (row) => (
          <RowAction
            label={t('webhooks.delivery.redeliver')}
            disabled={row.state === 'sending'}
            loading={redeliver.isPending && redeliver.variables.id === row.id}
            aria-label={t('webhooks.delivery.redeliverLabel', { event: typeName(row) })}
            onClick={() => redeliver.mutate(row)}
          />
        ),
        hideable: false,
      },
    ];
  }, [t, redeliver]);

  if (deliveries.isPending) return <PageLoader />;
  if (deliveries.isError)
    return (
      <Text role="alert" fw={600}>
        {t('webhooks.cannotLoad')}: {deliveries.error.message}
      </Text>
    );
  return (
    <DataTable
      id="webhook-deliveries"
      caption={t('webhooks.deliveriesLabel', { url: hook.url })}
      columns={columns}
      rows={deliveries.data.items}
      getRowId={(row) => row.id}
      empty={{ title: t('webhooks.delivery.empty') }}
    />
  );
};
