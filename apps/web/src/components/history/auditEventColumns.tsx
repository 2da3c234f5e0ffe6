import { Anchor, Text } from '@mantine/core';
import { formatDateTime, type AuditLogEntry } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../data-table';
import { Link } from '../../routing';
import { isMessageKey } from '../../i18n/messageKey';
import { actionLabel } from './serviceHistoryLabels';
import { actorName, HistoryChanges, type HistoryLabels } from './HistoryTable';

/** An action as words: the account's and the admin panel's labels, then the resource package's, the VO's and the service's history. */
const actionKeys = (name: string) => {
  const key = name.replace(/\./g, '_');
  return [
    `userAccounts.eventActions.${key}`,
    `adminSections.eventActions.${key}`,
    `resourcePackageViews.historyActions.${key}`,
    `vos.historyActions.${key}`,
  ];
};

/** An object's kind as words, from the account's labels or the admin panel's. */
export const objectTypeLabel = (t: TFunction, type: string): string => {
  const key = [`userAccounts.objectTypes.${type}`, `adminSections.objectTypes.${type}`].find(isMessageKey);
  return key ? t(key) : type;
};

export const auditActionLabel = (t: TFunction, name: string): string => {
  const key = actionKeys(name).find(isMessageKey);
  return key ? t(key) : actionLabel({ t, exists: isMessageKey }, name);
};

/** What both lists know of an event (a user account's events carry no actor id). */
type ListedEvent = Omit<AuditLogEntry, 'actorId'>;

/**
 * The columns of an audit event list, shared by a user account's details and the admin panel's
 * audit log: when, who, what, on which object, old → new. `note` adds a line under the action
 * (the account's details say whether the user did it or it was done to them). `labels` reads an
 * event's changes by the kind of object it is about (useAuditEventLabels). `sortable` is for lists
 * the table sorts itself; the audit log's server sorts newest first.
 */
export const auditEventColumns = <E extends ListedEvent>(
  t: TFunction,
  labels: (objectType: string) => HistoryLabels,
  { note, sortable = true }: { note?: (event: E) => string; sortable?: boolean } = {},
): DataTableColumn<E>[] => [
  {
    id: 'when',
    header: t('userAccounts.eventColumns.when'),
    cell: (event) => formatDateTime(event.at),
    ...(sortable ? { sortValue: (event: E) => Date.parse(event.at), sortDescFirst: true } : {}),
    nowrap: true,
    hideable: false,
  },
  { id: 'who', header: t('userAccounts.eventColumns.who'), cell: (event) => actorName(t, event.actor) },
  {
    id: 'what',
    header: t('userAccounts.eventColumns.what'),
    cell: (event) => (
      <>
        <Text span inherit>
          {auditActionLabel(t, event.action)}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note(event)}
          </Text>
        )}
      </>
    ),
    hideable: false,
  },
  {
    id: 'object',
    header: t('userAccounts.eventColumns.object'),
    cell: (event) => (
      <>
        <Text span inherit>
          {objectTypeLabel(t, event.objectType)}
        </Text>
        {event.objectName && (
          <Text size="sm">
            {event.objectLink ? (
              <Anchor component={Link} to={event.objectLink} inherit>
                {event.objectName}
              </Anchor>
            ) : (
              event.objectName
            )}
          </Text>
        )}
        {/* Ids are long: the start tells them apart, the whole one is in the title. */}
        <Text size="xs" c="dimmed" title={event.objectId} style={{ whiteSpace: 'nowrap' }}>
          {event.objectId.length > 13 ? `${event.objectId.slice(0, 8)}…` : event.objectId}
        </Text>
      </>
    ),
  },
  {
    id: 'changes',
    header: t('userAccounts.eventColumns.changes'),
    cell: (event) => <HistoryChanges entry={event} labels={labels(event.objectType)} />,
    // As in a history: old → new keeps its width, and a long value wraps inside the cell.
    className: 'service-history-changes',
  },
];
