import './history.css';
import { Text } from '@mantine/core';
import { ANONYMOUS_ACTOR_NAME, formatDateTime, SYSTEM_ACTOR_NAME, type HistoryEntry } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableMore } from '../data-table';

/** How a history reads its entries: an audit action, a changed field and a value as words. */
export interface HistoryLabels {
  action: (action: string) => string;
  field: (field: string) => string;
  value: (field: string, value: unknown) => string;
}

/** Who acted, as a person reads it: a user by name, the portal itself and a caller not logged in in words. */
export const actorName = (t: TFunction, actor: string): string =>
  actor === SYSTEM_ACTOR_NAME
    ? t('serviceView.systemActor')
    : actor === ANONYMOUS_ACTOR_NAME
      ? t('serviceView.anonymousActor')
      : actor;

const isUnset = (value: unknown) => value === null || value === undefined;

/**
 * Each field old → new, an empty side in words ("(empty)"), so a value set for the first time or
 * removed reads as a change too. An event with no old side at all (something created or added)
 * lists only what it brought.
 */
export const HistoryChanges = ({ entry, labels }: { entry: Pick<HistoryEntry, 'changes'>; labels: HistoryLabels }) => {
  if (entry.changes.length === 0) return null;
  const added = entry.changes.every((change) => isUnset(change.before));
  return (
    <ul className="inline-list">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <Text span inherit fw={600}>
            {labels.field(change.field)}:
          </Text>{' '}
          {added
            ? labels.value(change.field, change.after)
            : `${labels.value(change.field, change.before)} → ${labels.value(change.field, change.after)}`}
        </li>
      ))}
    </ul>
  );
};

export interface HistoryTableProps {
  id: string;
  caption: string;
  /** The entries loaded so far (GET …/history, a page at a time); undefined while the first page loads. */
  rows: readonly HistoryEntry[] | undefined;
  failed: boolean;
  labels: HistoryLabels;
  emptyTitle: string;
  /** The older entries the server still holds: "Show older" loads the next page. */
  more: DataTableMore;
}

/**
 * A history (a service's, a resource package's, a VO's): its audit events, newest first, a page at
 * a time: when, who, what, old → new. The caller says how its actions, fields and values read.
 */
export const HistoryTable = ({ id, caption, rows, failed, labels, emptyTitle, more }: HistoryTableProps) => {
  const { t } = useTranslation();
  const columns = useMemo(
    (): DataTableColumn<HistoryEntry>[] => [
      {
        id: 'when',
        header: t('serviceView.when'),
        cell: (entry) => formatDateTime(entry.at),
        sortValue: (entry) => Date.parse(entry.at),
        sortDescFirst: true,
        nowrap: true,
        hideable: false,
      },
      {
        id: 'who',
        header: t('serviceView.who'),
        cell: (entry) => actorName(t, entry.actor),
        sortValue: (entry) => actorName(t, entry.actor),
        // A person's name reads as one, not broken over lines.
        nowrap: true,
      },
      {
        id: 'what',
        header: t('serviceView.what'),
        cell: (entry) => labels.action(entry.action),
        sortValue: (entry) => labels.action(entry.action),
        hideable: false,
      },
      {
        id: 'changes',
        header: t('serviceView.changes'),
        cell: (entry) => <HistoryChanges entry={entry} labels={labels} />,
        // Old → new is what the history is for: on a phone the table scrolls sideways rather than squeeze it.
        className: 'service-history-changes',
      },
    ],
    [t, labels],
  );

  if (failed) return <Text role="alert">{t('notifications.somethingWentWrong')}</Text>;

  return (
    <DataTable
      id={id}
      caption={caption}
      columns={columns}
      rows={rows}
      getRowId={(entry) => entry.id}
      initialSort={{ id: 'when', desc: true }}
      empty={{ title: emptyTitle }}
      more={{ ...more, label: t('serviceView.olderHistory') }}
    />
  );
};
