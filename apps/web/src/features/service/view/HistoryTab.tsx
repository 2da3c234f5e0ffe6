import { Text } from '@mantine/core';
import {
  FIELDS_BY_KEY,
  formatDateTime,
  isAuditAction,
  isReviewStatus,
  isServiceState,
  type HistoryEntry,
  type MessageKey,
  type ServiceDetail,
  type WeightingCriterion,
} from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { isMessageKey } from '../../../i18n/messageKey';
import { fetchHistory, fetchWeightingCriteria, serviceKeys } from '../api';
import { displayValue } from '../fieldDisplay';
import { localized } from '../formModel';

const WEIGHTING_PREFIX = 'weighting.';

interface Labeller {
  t: TFunction;
  exists: (key: string) => key is MessageKey;
  language: string | undefined;
  criteria: readonly WeightingCriterion[];
}

/**
 * An audit action as words ("service.transition" → "Status changed"). The actions are the domain's
 * audit event union; one it does not know (from an older version) shows as it is.
 */
export const actionLabel = ({ t, exists }: Pick<Labeller, 't' | 'exists'>, action: string): string => {
  if (!isAuditAction(action)) return action;
  const key = `serviceView.historyActions.${action.replace(/\./g, '_')}`;
  return exists(key) ? t(key) : action;
};

const fieldLabel = ({ t, exists, language, criteria }: Labeller, field: string): string => {
  const definition = FIELDS_BY_KEY.get(field);
  if (definition) return localized(definition.label, language);
  if (field.startsWith(WEIGHTING_PREFIX)) {
    const criterion = criteria.find((c) => c.key === field.slice(WEIGHTING_PREFIX.length));
    return `${t('serviceView.tabs.weighting')}: ${criterion ? localized(criterion.label, language) : field}`;
  }
  const key = `serviceView.historyFields.${field}`;
  return exists(key) ? t(key) : field;
};

/** A value before or after a change, as a person reads it; the server already put names for ids. */
const valueText = (labeller: Labeller, field: string, value: unknown): string => {
  const { t, language, criteria } = labeller;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return t('serviceView.emptyValue');
  }
  if (field === 'state' && isServiceState(value)) return t(`serviceStates.${value}`);
  if (field === 'reviewStatus' && isReviewStatus(value)) return t(`reviews.statuses.${value}`);
  const definition = FIELDS_BY_KEY.get(field);
  if (definition) return displayValue(definition, value, { t, language });
  if (field.startsWith(WEIGHTING_PREFIX)) {
    const criterion = criteria.find((c) => c.key === field.slice(WEIGHTING_PREFIX.length));
    const option = criterion?.options.find((o) => o.key === value);
    if (option) return localized(option.label, language);
  }
  if (typeof value === 'boolean') return t(value ? 'serviceView.yes' : 'serviceView.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const Changes = ({ entry, labeller }: { entry: HistoryEntry; labeller: Labeller }) => {
  if (entry.changes.length === 0) return null;
  return (
    <ul className="inline-list">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <Text span inherit fw={600}>
            {fieldLabel(labeller, change.field)}:
          </Text>{' '}
          {change.before !== null && change.before !== undefined
            ? `${valueText(labeller, change.field, change.before)} → ${valueText(labeller, change.field, change.after)}`
            : valueText(labeller, change.field, change.after)}
        </li>
      ))}
    </ul>
  );
};

/** The history tab: every audit event of the service, newest first: when, who, what, old → new. */
export const HistoryTab = ({ service }: { service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const history = useQuery({ queryKey: serviceKeys.history(service.id), queryFn: () => fetchHistory(service.id) });
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const language = i18n.resolvedLanguage;
  const criteriaItems = criteria.data?.items;

  const columns = useMemo((): DataTableColumn<HistoryEntry>[] => {
    const labeller: Labeller = {
      t,
      exists: isMessageKey,
      language,
      criteria: criteriaItems ?? [],
    };
    return [
      {
        id: 'when',
        header: t('serviceView.when'),
        cell: (entry) => formatDateTime(entry.at),
        sortValue: (entry) => Date.parse(entry.at),
        sortDescFirst: true,
        nowrap: true,
        hideable: false,
      },
      { id: 'who', header: t('serviceView.who'), cell: (entry) => entry.actor, sortValue: (entry) => entry.actor },
      {
        id: 'what',
        header: t('serviceView.what'),
        cell: (entry) => actionLabel(labeller, entry.action),
        sortValue: (entry) => actionLabel(labeller, entry.action),
        hideable: false,
      },
      {
        id: 'changes',
        header: t('serviceView.changes'),
        cell: (entry) => <Changes entry={entry} labeller={labeller} />,
        // Old → new is what the tab is for: on a phone the table scrolls sideways rather than squeeze it.
        className: 'service-history-changes',
      },
    ];
  }, [t, language, criteriaItems]);

  if (history.isError) return <Text role="alert">{t('notifications.somethingWentWrong')}</Text>;

  return (
    <DataTable
      id="service-history"
      caption={t('serviceView.tabs.history')}
      columns={columns}
      rows={history.data?.items}
      getRowId={(entry) => entry.id}
      initialSort={{ id: 'when', desc: true }}
      empty={{ title: t('serviceView.noHistory') }}
    />
  );
};
