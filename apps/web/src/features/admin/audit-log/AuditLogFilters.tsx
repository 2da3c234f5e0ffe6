import { TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type UserRef } from '@nubes/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFieldInput } from '../../../forms/DateFieldInput';
import { PORTAL_USERS_WITH_GONE, UserPicker } from '../../../components/UserPicker';
import { auditActionLabel, objectTypeLabel } from '../../../components/history/auditEventColumns';
import { ListFilters } from '../../../components/list-screen/ListFilters';
import type { UrlView } from '../../../components/list-screen/useListScreen';
import type { AuditLogView } from './auditLogView';

interface Props {
  url: UrlView<AuditLogView>;
  /** Who the chosen actor is, when the log names them (a link or a reload brings only the id). */
  knownActor: UserRef | null;
  /** The server's word on a filter (the end before the start), by field. */
  errors?: Partial<Record<'from' | 'to', string>>;
}

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

/** What, which kind of object, who, which object and when of the audit log; each change starts on page 1. */
export const AuditLogFilters = ({ url, knownActor, errors }: Props) => {
  const { t } = useTranslation();
  const { view, setView, codec } = url;
  const change = (partial: Partial<AuditLogView>) => setView(codec.change(view, partial));
  const [objectId, setObjectId] = useState(view.objectId);
  const [shownId, setShownId] = useState(view.objectId);
  // The address changed from elsewhere (reset, back button): the box follows it.
  if (shownId !== view.objectId) {
    setShownId(view.objectId);
    setObjectId(view.objectId);
  }
  const actions = useMemo(
    () => AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(t, action) })).sort(byLabel),
    [t],
  );
  const objectTypes = useMemo(
    () => AUDIT_OBJECT_TYPES.map((type) => ({ value: type, label: objectTypeLabel(t, type) })).sort(byLabel),
    [t],
  );

  return (
    <ListFilters
      url={url}
      filters={[
        {
          name: 'action',
          label: t('adminSections.auditLog.action'),
          all: t('adminSections.auditLog.allActions'),
          data: actions,
          width: 260,
        },
        {
          name: 'objectType',
          label: t('adminSections.auditLog.objectType'),
          all: t('adminSections.auditLog.allObjectTypes'),
          data: objectTypes,
          width: 200,
        },
      ]}
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
    </ListFilters>
  );
};
