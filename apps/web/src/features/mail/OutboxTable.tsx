import { Badge, Text } from '@mantine/core';
import { formatDateTime, type OutboxEntry, type OutboxState } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageLoader } from '../../components/PageLoader';
import { fetchOutbox, mailKeys } from './api';

/** The tint tells the state at a glance; the text stays dark, so it reads on every tint (WCAG AA). */
const STATE_COLORS: Record<OutboxState, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

/** The mail outbox for the portal manager: who, what, how far, and why not (docs/adr/0027-mail-outbox.md). */
export const OutboxTable = () => {
  const { t } = useTranslation();
  const outbox = useQuery({ queryKey: mailKeys.outbox, queryFn: ({ signal }) => fetchOutbox(signal) });
  const columns = useMemo(
    (): DataTableColumn<OutboxEntry>[] => [
      {
        id: 'to',
        header: t('mail.outbox.to'),
        cell: (mail) => mail.to,
        sortValue: (mail) => mail.to,
        rowHeader: true,
        hideable: false,
      },
      { id: 'subject', header: t('mail.outbox.subject'), cell: (mail) => mail.subject, sortValue: (m) => m.subject },
      {
        id: 'kind',
        header: t('mail.outbox.kind'),
        cell: (mail) => t(`mail.kinds.${mail.kind}`),
        sortValue: (mail) => t(`mail.kinds.${mail.kind}`),
        hiddenByDefault: true,
      },
      {
        id: 'state',
        header: t('mail.outbox.state'),
        cell: (mail) => (
          <Badge color={STATE_COLORS[mail.state]} variant="light" c="dark.8" tt="none" miw="max-content">
            {t(`mail.states.${mail.state}`)}
          </Badge>
        ),
        sortValue: (mail) => t(`mail.states.${mail.state}`),
        nowrap: true,
      },
      {
        id: 'tries',
        header: t('mail.outbox.tries'),
        cell: (mail) => mail.tries,
        sortValue: (m) => m.tries,
        numeric: true,
      },
      {
        id: 'lastError',
        header: t('mail.outbox.lastError'),
        cell: (mail) => mail.lastError ?? '',
        sortValue: (mail) => mail.lastError ?? '',
      },
      {
        id: 'createdAt',
        header: t('mail.outbox.createdAt'),
        cell: (mail) => formatDateTime(mail.createdAt),
        sortValue: (mail) => mail.createdAt,
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'sentAt',
        header: t('mail.outbox.sentAt'),
        cell: (mail) => (mail.sentAt ? formatDateTime(mail.sentAt) : ''),
        sortValue: (mail) => mail.sentAt,
        sortDescFirst: true,
        nowrap: true,
        hiddenByDefault: true,
      },
    ],
    [t],
  );
  if (outbox.isPending) return <PageLoader />;
  if (outbox.isError)
    return (
      <Text role="alert" fw={600}>
        {outbox.error.message}
      </Text>
    );
  return (
    <DataTable
      id="mail-outbox"
      caption={t('mail.outbox.label')}
      columns={columns}
      rows={outbox.data.items}
      getRowId={(mail) => mail.id}
      empty={{ title: t('mail.outbox.empty') }}
      initialSort={{ id: 'createdAt', desc: true }}
    />
  );
};
