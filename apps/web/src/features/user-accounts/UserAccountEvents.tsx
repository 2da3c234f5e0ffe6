import { Text } from '@mantine/core';
import { formatDateTime, isRole, type UserAccountEvent } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { isMessageKey } from '../../i18n/messageKey';
import { actionLabel } from '../service/view/HistoryTab';

/** Long values (a package's policy, a change request's fields) are cut: the object's own history shows them whole. */
const MAX_VALUE_LENGTH = 120;

const asText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(asText).join(', ');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
};

/** An action as words: the account's own labels, then the service's and the resource package's history. */
const actionKeys = (name: string) => {
  const key = name.replace(/\./g, '_');
  return [`userAccounts.eventActions.${key}`, `resourcePackageViews.historyActions.${key}`];
};

/** The user's audit events, as actor and as object, newest first: when, who, what, on which object, old → new. */
export const UserAccountEvents = ({ events, caption }: { events: readonly UserAccountEvent[]; caption: string }) => {
  const { t } = useTranslation();
  const columns = useMemo((): DataTableColumn<UserAccountEvent>[] => {
    const action = (name: string) => {
      const key = actionKeys(name).find(isMessageKey);
      return key ? t(key) : actionLabel({ t, exists: isMessageKey }, name);
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
          return (
            <>
              <Text span inherit>
                {isMessageKey(typeKey) ? t(typeKey) : event.objectType}
              </Text>
              {/* Ids are long: the start tells them apart, the whole one is in the title. */}
              <Text size="xs" c="dimmed" title={event.objectId} style={{ whiteSpace: 'nowrap' }}>
                {event.objectId.length > 13 ? `${event.objectId.slice(0, 8)}…` : event.objectId}
              </Text>
            </>
          );
        },
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
