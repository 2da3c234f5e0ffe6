import {
  AUDIT_OBJECT_TYPES,
  FIELDS_BY_KEY,
  isChangeRequestState,
  isOutboxState,
  isRole,
  type LocalizedText,
} from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '../../i18n/messageKey';
import { auditActionLabel } from './auditEventColumns';
import { usePackageHistoryLabels } from './packageHistoryLabels';
import { fetchWeightingCriteria, serviceKeys } from '../../api/services';
import { localized } from '../../i18n/localized';
import { useServiceHistoryLabels } from './serviceHistoryLabels';
import type { HistoryLabels } from './HistoryTable';
import { useVoHistoryLabels } from './voHistoryLabels';

/** Long values (a package's policy, a resource type's schema) are cut: the object's own history shows them whole. */
const MAX_VALUE_LENGTH = 120;

const cut = (text: string) => (text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text);

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isLocalizedText = (value: unknown): value is LocalizedText =>
  isRecord(value) && typeof value.en === 'string' && typeof value.de === 'string';

/**
 * How the events of the objects without a history of their own read (accounts, institutions,
 * contacts, change requests, the admin panel's settings): their fields from the audit log's labels,
 * their values as words where the portal has words for them. A change request names service
 * fields, which read as in the service's history.
 */
const otherLabels = (
  t: TFunction,
  language: string | undefined,
  objectType: string,
  service: HistoryLabels,
): HistoryLabels => {
  const word = (key: string, fallback: string) => (isMessageKey(key) ? t(key) : fallback);
  const roleName = (role: unknown) => (isRole(role) ? t(`userAccounts.roles.${role}`) : String(role));
  const isServiceField = (field: string) => objectType === 'changeRequest' && FIELDS_BY_KEY.has(field);

  const value = (field: string, raw: unknown): string => {
    if (isEmpty(raw)) return t('serviceView.emptyValue');
    if (isServiceField(field)) {
      // A decision on a requested value is about that field: accept or discard.
      if (raw === 'accept' || raw === 'discard') return t(`changeRequests.decisions.${raw}`);
      return service.value(field, raw);
    }
    if (typeof raw === 'boolean') return t(raw ? 'serviceView.yes' : 'serviceView.no');
    switch (field) {
      case 'state':
        if (objectType === 'changeRequest' && isChangeRequestState(raw)) return t(`changeRequests.states.${raw}`);
        if (objectType === 'mail' && isOutboxState(raw)) return t(`mail.states.${raw}`);
        break;
      case 'roles':
      case 'entitlementRoles':
        if (Array.isArray(raw)) return raw.map(roleName).join(', ');
        break;
      case 'role':
        return objectType === 'contact' ? word(`contactRelations.roles.${String(raw)}`, String(raw)) : roleName(raw);
      case 'kind':
        if (objectType === 'contact') return word(`contactRelations.${String(raw)}`, String(raw));
        break;
      case 'source':
        // The demo seed of databases made before the source was stored as a key wrote these words.
        return word(`adminSections.auditLog.values.source.${raw === 'demo data' ? 'demo' : String(raw)}`, String(raw));
      case 'password':
      case 'list':
        return word(`adminSections.auditLog.values.${field}.${String(raw)}`, String(raw));
      case 'language':
        if (raw === 'en') return t('nav.english');
        if (raw === 'de') return t('nav.german');
        break;
      case 'disabledKinds':
        if (Array.isArray(raw)) return raw.map((kind) => word(`mail.kinds.${String(kind)}`, String(kind))).join(', ');
        break;
      case 'applied':
      case 'discarded':
        if (Array.isArray(raw)) return raw.map((key) => service.field(String(key))).join(', ');
        break;
      case 'fields':
        // The values a change request asks for, each under its field's label.
        if (isRecord(raw))
          return Object.entries(raw)
            .map(([key, requested]) => `${service.field(key)}: ${service.value(key, requested)}`)
            .join(' · ');
        break;
      case 'options':
        // A weighting criterion's answer options: each with its label and points.
        if (Array.isArray(raw))
          return raw
            .map((option) =>
              isRecord(option) && isLocalizedText(option.label)
                ? `${localized(option.label, language)}: ${String(option.points)}`
                : String(option),
            )
            .join(', ');
        break;
      case 'groups':
        if (Array.isArray(raw))
          return raw.map((group) => (isRecord(group) ? String(group.name) : String(group))).join(', ');
        break;
    }
    if (Array.isArray(raw)) return raw.map((item) => value('', item)).join(', ');
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  };

  return {
    action: service.action,
    field: (field) =>
      isServiceField(field) ? service.field(field) : word(`adminSections.auditLog.fields.${field}`, field),
    value,
  };
};

/**
 * The labels of an audit event by the kind of object it is about, for the audit log and a user
 * account's events: a service, a resource package and a VO read as in their own histories, the
 * rest through the audit log's labels. Every value is cut to a line's worth.
 */
export const useAuditEventLabels = (): ((objectType: string) => HistoryLabels) => {
  const { t, i18n } = useTranslation();
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const service = useServiceHistoryLabels(criteria.data?.items);
  const resourcePackage = usePackageHistoryLabels();
  const vo = useVoHistoryLabels();
  return useMemo(() => {
    const own: Record<string, HistoryLabels> = { service, resourcePackage, vo };
    const labelsOf = (objectType: string): HistoryLabels => {
      const base = own[objectType] ?? otherLabels(t, i18n.resolvedLanguage, objectType, service);
      return { ...base, value: (field, raw) => cut(base.value(field, raw)) };
    };
    const known = new Map(AUDIT_OBJECT_TYPES.map((objectType) => [objectType as string, labelsOf(objectType)]));
    return (objectType: string) => known.get(objectType) ?? labelsOf(objectType);
  }, [t, i18n.resolvedLanguage, service, resourcePackage, vo]);
};

/**
 * How the history of an object without words of its own reads (a contact's, an institution's): as
 * the audit log reads its events, actions included.
 */
export const useAuditHistoryLabels = (objectType: string): HistoryLabels => {
  const { t } = useTranslation();
  const labelsOf = useAuditEventLabels();
  return useMemo(
    () => ({ ...labelsOf(objectType), action: (action: string) => auditActionLabel(t, action) }),
    [labelsOf, objectType, t],
  );
};
