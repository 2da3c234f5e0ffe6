import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, routePath, type HandoverItem } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notifySuccess } from '../../api/notify';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageLoader } from '../../components/PageLoader';
import { Link } from '../../routing';
import { fetchHandover, handoverKeys } from './api';
import { HandOverModal } from './HandOverModal';
import { itemStateText } from './itemWords';

/**
 * What one person holds, through the list shape: pick items (or all), then "Hand over…" asks who
 * receives each kind among them (docs/adr/0123-people-who-leave.md).
 */
export const HandoverItems = ({ personId }: { personId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handover = useQuery({
    queryKey: handoverKeys.person(personId),
    queryFn: ({ signal }) => fetchHandover(personId, signal),
  });
  const [picked, setPicked] = useState<{ items: readonly HandoverItem[]; clear: () => void } | null>(null);
  const columns = useMemo<DataTableColumn<HandoverItem>[]>(
    () => [
      {
        id: 'kind',
        header: t('handover.columns.kind'),
        cell: (item) => t(`handover.kinds.${item.kind}`),
        sortValue: (item) => t(`handover.kinds.${item.kind}`),
      },
      {
        id: 'name',
        header: t('handover.columns.name'),
        cell: (item) =>
          item.link ? (
            <Anchor component={Link} to={item.link} fw={600}>
              {item.name}
            </Anchor>
          ) : (
            item.name
          ),
        sortValue: (item) => item.name.toLowerCase(),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'serviceId',
        header: t('handover.columns.service'),
        cell: (item) => item.serviceId ?? '—',
        sortValue: (item) => item.serviceId ?? '',
      },
      {
        id: 'state',
        header: t('handover.columns.state'),
        cell: (item) => itemStateText(t, item),
        sortValue: (item) => itemStateText(t, item),
      },
    ],
    [t],
  );

  if (handover.isError)
    return (
      <Text role="alert" fw={600}>
        {isApiError(handover.error) && handover.error.status === 404
          ? t('userAccounts.details.notFound')
          : t('handover.cannotLoad')}
      </Text>
    );
  if (!handover.data) return <PageLoader />;
  const { user, items } = handover.data;
  const name = user.fullname || user.username;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={routePath('handover')}>
        {t('handover.back')}
      </Anchor>
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{t('handover.title', { name })}</Title>
          {user.goneAt && (
            <Badge color="red" variant="light" size="lg">
              {t('userAccounts.gone.badge')}
            </Badge>
          )}
        </Group>
        <Text mt="xs">
          {user.goneAt
            ? t('handover.goneSince', { date: formatDateTime(user.goneAt) })
            : t('handover.notGone', { name })}
        </Text>
        <Text mt="xs">{t('handover.intro', { name })}</Text>
      </div>
      <DataTable<HandoverItem>
        id="handover-items"
        caption={t('handover.title', { name })}
        columns={columns}
        rows={items}
        getRowId={(item) => item.key}
        rowLabel={(item) => `${t(`handover.kinds.${item.kind}`)}: ${item.name}`}
        initialSort={{ id: 'kind', desc: false }}
        countLabel={(count) => t('handover.total', { count })}
        columnChooser={false}
        empty={{ title: t('handover.empty', { name }) }}
        bulkActions={(selected, clear) => (
          <Button size="xs" onClick={() => setPicked({ items: selected, clear })}>
            {t('handover.open')}
          </Button>
        )}
      />
      {picked && (
        <HandOverModal
          opened
          personId={personId}
          name={name}
          items={picked.items}
          onClose={() => setPicked(null)}
          onDone={(count) => {
            notifySuccess(t('handover.submit'), t('handover.done', { count }));
            picked.clear();
            void queryClient.invalidateQueries({ queryKey: ['handover'] });
          }}
        />
      )}
    </Stack>
  );
};
