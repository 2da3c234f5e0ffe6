import { NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type UserRef } from '@nubes/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/FilterBar';
import { DateFieldInput } from '../../../forms/DateFieldInput';
import { PORTAL_USERS_WITH_GONE, UserPicker } from '../../../components/UserPicker';
import { auditActionLabel, objectTypeLabel } from '../../../components/history/auditEventColumns';
import { changeAuditLogView, isFiltered, NO_AUDIT_FILTERS, type AuditLogView } from './auditLogView';

interface Props {
  view: AuditLogView;
  onChange: (next: AuditLogView) => void;
  /** Who the chosen actor is, when the log names them (a link or a reload brings only the id). */
  knownActor: UserRef | null;
  /** The server's word on a filter (the end before the start), by field. */
  errors?: Partial<Record<'from' | 'to', string>>;
}

/** Who, what, which object and when of the audit log; each change starts on page 1. */
export const AuditLogFilters = ({ view, onChange, knownActor, errors }: Props) => {
  const { t } = useTranslation();
  const change = (partial: Parameters<typeof changeAuditLogView>[1]) => onChange(changeAuditLogView(view, partial));
  const [objectId, setObjectId] = useState(view.objectId);
  const [shownId, setShownId] = useState(view.objectId);
  // The address changed from elsewhere (reset, back button): the box follows it.
  if (shownId !== view.objectId) {
    setShownId(view.objectId);
    setObjectId(view.objectId);
  }

  const actions = useMemo(
    () =>
      [...AUDIT_ACTIONS]
        .map((action) => ({ value: action, label: auditActionLabel(t, action) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const objectTypes = useMemo(
    () =>
      AUDIT_OBJECT_TYPES.map((type) => ({ value: type, label: objectTypeLabel(t, type) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [t],
  );

  return (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={isFiltered(view) ? () => change(NO_AUDIT_FILTERS) : undefined}
      active={[view.actor, view.action, view.objectType, view.objectId, view.from, view.to].filter(Boolean).length}
    >
      <UserPicker
        label={t('adminSections.auditLog.who')}
        description={t('adminSections.auditLog.whoDescription')}
        value={view.actor}
        known={knownActor}
        source={PORTAL_USERS_WITH_GONE}
        onChange={(user) => change({ actor: user?.id ?? null })}
        w={{ base: '100%', sm: 300 }}
      />
      <NativeSelect
        label={t('adminSections.auditLog.action')}
        data={[{ value: '', label: t('adminSections.auditLog.allActions') }, ...actions]}
        value={view.action ?? ''}
        onChange={(event) => change({ action: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 260 }}
      />
      <NativeSelect
        label={t('adminSections.auditLog.objectType')}
        data={[{ value: '', label: t('adminSections.auditLog.allObjectTypes') }, ...objectTypes]}
        value={view.objectType ?? ''}
        onChange={(event) => change({ objectType: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 200 }}
      />
      <TextInput
        label={t('adminSections.auditLog.objectId')}
        value={objectId}
        onChange={(event) => setObjectId(event.currentTarget.value)}
        onBlur={() => objectId.trim() !== view.objectId && change({ objectId: objectId.trim() })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') change({ objectId: objectId.trim() });
        }}
        w={{ base: '100%', sm: 220 }}
      />
      <DateFieldInput
        id="audit-log-from"
        label={t('adminSections.auditLog.from')}
        value={view.from ?? ''}
        onChange={(from) => change({ from: from || null })}
        error={errors?.from}
      />
      <DateFieldInput
        id="audit-log-to"
        label={t('adminSections.auditLog.to')}
        value={view.to ?? ''}
        onChange={(to) => change({ to: to || null })}
        error={errors?.to}
      />
    </FilterBar>
  );
};
