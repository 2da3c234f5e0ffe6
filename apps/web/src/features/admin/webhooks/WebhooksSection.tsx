import { Button, Group, Stack, Text } from '@mantine/core';
import type { Webhook, WebhookWithSecret } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportWriteError } from '../../../api/writes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageLoader } from '../../../components/PageLoader';
import { fetchWebhooks, rotateWebhookSecret, webhookKeys } from './api';
import { WebhookDeliveriesModal } from './WebhookDeliveriesModal';
import { WebhookModal } from './WebhookModal';
import { WebhookSecretNotice } from './WebhookSecretNotice';
import { StatusBadge } from '../../../components/StatusBadge';
import { RowAction } from '../../../components/RowAction';

/**
 * The webhook endpoints of the event feed (docs/adr/0120-event-feed-and-signed-webhooks.md):
 * register and change them, see each one's deliveries and deliver again, rotate a secret; a secret
 * is shown once, right after it was made.
 */
export const WebhooksSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: webhookKeys.all, queryFn: ({ signal }) => fetchWebhooks(signal) });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const rotate = useMutation({
    mutationFn: (hook: Webhook) => rotateWebhookSecret(hook),
    onSuccess: (rotated) => {
      setRotating(null);
      reload();
      // The secret's dialog says it: a notification would cover its top on a phone.
      setSecret(rotated);
    },
    onError: (error) => {
      setRotating(null);
      reportWriteError(error, t('webhooks.cannotRotate'), t, { onConflict: reload });
    },
  });

  const columns = useMemo(
    (): DataTableColumn<Webhook>[] => [
      {
        id: 'url',
        header: t('webhooks.url'),
        cell: (row) => (
          <>
            <Text span inherit fw={600} style={{ wordBreak: 'break-all' }}>
              {row.url}
            </Text>
            {row.description && (
              <Text size="sm" c="dimmed">
                {row.description}
              </Text>
            )}
          </>
        ),
        sortValue: (row) => row.url,
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'eventTypes',
        header: t('webhooks.eventTypes'),
        cell: (row) => row.eventTypes.map((type) => t(`webhooks.types.${type}`, { nsSeparator: false })).join(', '),
      },
      {
        id: 'status',
        header: t('webhooks.status'),
        cell: (row) => (
          <StatusBadge color={row.active ? 'green' : 'gray'}>
            {t(row.active ? 'webhooks.active' : 'webhooks.inactive')}
          </StatusBadge>
        ),
        sortValue: (row) => (row.active ? 0 : 1),
      },
      {
        id: 'actions',
        header: t('webhooks.actions'),
        cell: (row) => (
          <Group gap="xs" wrap="wrap">
            <RowAction
              label={t('webhooks.deliveries')}
              aria-label={t('webhooks.deliveriesLabel', { url: row.url })}
              onClick={() => setLogOf(row)}
            />
            <RowAction
              label={t('webhooks.edit')}
              aria-label={t('webhooks.editLabel', { url: row.url })}
              onClick={() => setEditing(row)}
            />
            <RowAction
              label={t('webhooks.rotate')}
              aria-label={t('webhooks.rotateLabel', { url: row.url })}
              onClick={() => setRotating(row)}
            />
          </Group>
        ),
        hideable: false,
      },
    ],
    [t],
  );

  if (hooks.isPending) return <PageLoader />;
  if (hooks.isError)
    return (
      <Text role="alert" fw={600}>
        {t('webhooks.cannotLoad')}: {hooks.error.message}
      </Text>
    );
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>{t('webhooks.add')}</Button>
      </Group>
      <DataTable
        id="webhooks"
        caption={t('webhooks.caption')}
        columns={columns}
        rows={hooks.data.items}
        getRowId={(row) => row.id}
        empty={{ title: t('webhooks.empty'), hint: t('webhooks.emptyHint') }}
      />
      <WebhookModal editing={editing} onClose={() => setEditing(null)} onCreated={setSecret} />
      <WebhookSecretNotice shown={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        opened={rotating !== null}
        title={t('webhooks.rotateTitle')}
        text={t('webhooks.rotateText')}
        confirmLabel={t('webhooks.rotate')}
        busy={rotate.isPending}
        onConfirm={() => rotating && rotate.mutate(rotating)}
        onCancel={() => setRotating(null)}
      />
    </Stack>
  );
};
