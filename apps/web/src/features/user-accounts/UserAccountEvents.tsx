import { Text } from '@mantine/core';
import { formatDateTime, isRole, type UserAccountEvent } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { isMessageKey } from '../../i18n/messageKey';
import { actionLabel } from '../service/view/HistoryTab';

const asText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(asText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The user's audit events, as actor and as object, newest first: when, who, what, on which object, old → new. */
export const UserAccountEvents = ({ events, caption }: { events: readonly UserAccountEvent[]; caption: string }) => {
  const { t } = useTranslation();
  const columns = useMemo((): DataTableColumn<UserAccountEvent>[] => {
    const action = (name: string) => {
      const key = `userAccounts.eventActions.${name.replace(/\./g, '_')}`;
      return isMessageKey(key) ? t(key) : actionLabel({ t, exists: isMessageKey }, name);
    };
    const value = (field: string, raw: unknown) =>
      field === 'roles' && Array.isArray(raw)
        ? asText(raw.map((role) => (isRole(role) ? t(`userAccounts.roles.${role}`) : role)))
        : asText(raw);
    return [
      {
        id: 'when',
        header: t('userAccounts.eventColumns.when'),
        cell: (event) => formatDateTime(event.at),
        sortValue: (event) => Date.parse(event.at),
        sortDescFirst: true,
        nowrap: true,
        hideable: false,
      },
      { id: 'who', header: t('userAccounts.eventColumns.who'), cell: (event) => event.actor },
      {
        id: 'what',
        header: t('userAccounts.eventColumns.what'),
        cell: (event) => (
          <>
            <Text span inherit>
              {action(event.action)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(event.as === 'actor' ? 'userAccounts.details.asActor' : 'userAccounts.details.asObject')}
            </Text>
          </>
        ),
        hideable: false,
      },
      {
        id: 'object',
        header: t('userAccounts.eventColumns.object'),
        cell: (event) => {
          const typeKey = `userAccounts.objectTypes.${event.objectType}`;
          return t('userAccounts.details.eventObject', {
            type: isMessageKey(typeKey) ? t(typeKey) : event.objectType,
            id: event.objectId,
          });
        },
        className: 'user-account-event-object',
      },
      {
        id: 'changes',
        header: t('userAccounts.eventColumns.changes'),
        cell: (event) =>
          event.changes.length === 0 ? null : (
            <ul className="inline-list">
              {event.changes.map((change) => (
                <li key={change.field}>
                  <Text span inherit fw={600}>
                    {change.field}:
                  </Text>{' '}
                  {change.before !== null && change.before !== undefined
                    ? `${value(change.field, change.before)} → ${value(change.field, change.after)}`
                    : value(change.field, change.after)}
                </li>
              ))}
            </ul>
          ),
      },
    ];
  }, [t]);

  return (
    <DataTable
      id="user-account-events"
      caption={caption}
      columns={columns}
      rows={events}
      getRowId={(event) => event.id}
      initialSort={{ id: 'when', desc: true }}
      empty={{ title: t('userAccounts.details.noEvents') }}
    />
  );
};
