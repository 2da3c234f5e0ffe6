import { Group, Stack, Text } from '@mantine/core';
import {
  formatDateTime,
  OUTBOX_DISCARDABLE,
  OUTBOX_RETRYABLE,
  OUTBOX_STATES,
  type OutboxEntry,
  type OutboxState,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/FilterBar';
import { FilterSelect } from '../../components/FilterSelect';
import { notifySuccess } from '../../api/notify';
import { PageLoader } from '../../components/PageLoader';
import { useStreamQuery } from '../../hooks/useStreamQuery';
import { reportWriteError } from '../../api/writes';
import { changeOutboxMail, fetchOutbox, mailKeys } from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { RowAction } from '../../components/RowAction';

/** The tint tells the state at a glance; the text stays dark, so it reads on every tint (WCAG AA). */
const STATE_COLORS: Record<OutboxState, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  discarded: 'gray',
};

/**
 * The mail outbox for the portal manager: who, what, how far, and why not (docs/adr/0027-mail-outbox.md);
 * a failed or discarded mail can be sent again, a waiting or failed one discarded (after a question).
 * Newest first, a page at a time: "Load more" under the table fetches older mails. The state filter
 * asks the server, so a failed mail of last month is found without loading every mail since.
 */
export const OutboxTable = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<OutboxState | null>(null);
  const outbox = useStreamQuery(mailKeys.outboxIn(state), (cursor, signal) => fetchOutbox(state, cursor, signal));
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: mailKeys.outbox });
  const change = useMutation({
    mutationFn: ({ mail, action }: { mail: OutboxEntry; action: 'retry' | 'discard' }) =>
      changeOutboxMail(mail, action),
    onSuccess: (_mail, { mail, action }) => {
      setDiscarding(null);
      reload();
      notifySuccess(
        t(action === 'retry' ? 'adminSections.outbox.retry' : 'adminSections.outbox.discard'),
        t(action === 'retry' ? 'adminSections.outbox.retried' : 'adminSections.outbox.discarded', { to: mail.to }),
      );
    },
    onError: (error) => {
      setDiscarding(null);
      // Sent meanwhile or changed by the worker: the list shows how it is now.
      reportWriteError(error, t('adminSections.outbox.cannotChange'), t, { onConflict: reload });
    },
  });
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
        cell: (mail) => <StatusBadge color={STATE_COLORS[mail.state]}>{t(`mail.states.${mail.state}`)}</StatusBadge>,
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
      {
        id: 'actions',
        header: t('adminSections.outbox.actions'),
        cell: (mail) => (
          <Group gap="xs" wrap="nowrap">
            {OUTBOX_RETRYABLE.includes(mail.state) && (
              <RowAction
                label={t('adminSections.outbox.retry')}
                variant="light"
                aria-label={t('adminSections.outbox.retryMail', { to: mail.to })}
                onClick={() => change.mutate({ mail, action: 'retry' })}
              />
            )}
            {OUTBOX_DISCARDABLE.includes(mail.state) && (
              <RowAction
                label={t('adminSections.outbox.discard')}
                aria-label={t('adminSections.outbox.discardMail', { to: mail.to })}
                onClick={() => setDiscarding(mail)}
              />
            )}
          </Group>
        ),
        hideable: false,
      },
    ],
    // The mutation object changes with its state; its mutate function does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, change.mutate],
  );
  const filters = (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={state ? () => setState(null) : undefined}
      active={[state].filter(Boolean).length}
    >
      <FilterSelect
        label={t('mail.outbox.state')}
        all={t('mail.outbox.allStates')}
        data={OUTBOX_STATES.map((value) => ({ value, label: t(`mail.states.${value}`) }))}
        value={state}
        onChange={(next) => setState(next as OutboxState | null)}
        width={220}
      />
    </FilterBar>
  );
  if (outbox.query.isPending)
    return (
      <Stack gap="md">
        {filters}
        <PageLoader />
      </Stack>
    );
  if (outbox.query.isError)
    return (
      <Text role="alert" fw={600}>
        {outbox.query.error.message}
      </Text>
    );
  return (
    <>
      <Stack gap="md">
        {filters}
        <DataTable
          id="mail-outbox"
          caption={t('mail.outbox.label')}
          columns={columns}
          rows={outbox.items}
          getRowId={(mail) => mail.id}
          empty={{ title: t(state ? 'mail.outbox.emptyInState' : 'mail.outbox.empty') }}
          initialSort={{ id: 'createdAt', desc: true }}
          more={{ ...outbox.more, total: outbox.firstPage?.total }}
        />
      </Stack>
      <ConfirmDialog
        opened={discarding !== null}
        title={t('adminSections.outbox.discardTitle')}
        text={
          discarding ? t('adminSections.outbox.discardText', { subject: discarding.subject, to: discarding.to }) : ''
        }
        confirmLabel={t('adminSections.outbox.discard')}
        onConfirm={() => discarding && change.mutate({ mail: discarding, action: 'discard' })}
        onCancel={() => setDiscarding(null)}
        busy={change.isPending}
        danger
      />
    </>
  );
};
