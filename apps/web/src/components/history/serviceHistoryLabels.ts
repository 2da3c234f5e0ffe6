import {
  FIELDS_BY_KEY,
  formatDate,
  isAuditAction,
  isReviewStatus,
  isPilotNoticeKind,
  isServiceKind,
  isServiceState,
  type MessageKey,
  type WeightingCriterion,
} from '@nubes/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '../../i18n/messageKey';
import { localized } from '../../i18n/localized';
import { displayValue } from '../fieldDisplay';
import type { HistoryLabels } from './HistoryTable';

const WEIGHTING_PREFIX = 'weighting.';
const FIELD_LISTS = new Set(['appliedFields', 'discardedFields']);
/** Calendar days (YYYY-MM-DD): a status notice's expected end, a pilot's end, the retirement plan's days. */
const CALENDAR_DAYS = new Set([
  'statusExpectedEnd',
  'endsOn',
  'plannedEndOn',
  'usersToldOn',
  'dataExportUntil',
  'dataDeletionOn',
]);

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
  // An applied change request names its fields by key; the history reads them by their labels.
  if (FIELD_LISTS.has(field) && Array.isArray(value))
    return value.map((key) => fieldLabel(labeller, String(key))).join(', ');
  if (field === 'reviewStatus' && isReviewStatus(value)) return t(`reviews.statuses.${value}`);
  // Read as the portal writes dates.
  if (CALENDAR_DAYS.has(field) && typeof value === 'string') return formatDate(`${value}T12:00:00Z`);
  // A pilot's kind and its notices (docs/adr/0121-pilot-services.md).
  if (field === 'serviceKind' && isServiceKind(value)) return t(`pilots.kinds.${value}`);
  if (field === 'notice' && isPilotNoticeKind(value)) return t(`pilots.states.${value}`);
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

/** How a service's history reads: its audit actions, field catalogue, weighting criteria and states. */
export const useServiceHistoryLabels = (criteria: readonly WeightingCriterion[] | undefined): HistoryLabels => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(() => {
    const labeller: Labeller = { t, exists: isMessageKey, language, criteria: criteria ?? [] };
    return {
      action: (action) => actionLabel(labeller, action),
      field: (field) => fieldLabel(labeller, field),
      value: (field, value) => valueText(labeller, field, value),
    };
  }, [t, language, criteria]);
};
