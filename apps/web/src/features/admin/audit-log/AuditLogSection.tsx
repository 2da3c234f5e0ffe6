import type { AuditLog } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { auditEventColumns } from '../../../components/history/auditEventColumns';
import { useAuditEventLabels } from '../../../components/history/auditEventLabels';
import { ListScreen } from '../../../components/list-screen/ListScreen';
import { useListScreen } from '../../../components/list-screen/useListScreen';
import { auditLogKeys } from './api';
import { AuditLogFilters } from './AuditLogFilters';
import { auditLogView, type AuditLogView } from './auditLogView';

const NO_EVENTS: AuditLog = { items: [], total: 0, page: 1, pageSize: 50, nextCursor: null };

/** The audit log of the whole portal, newest first, filtered and paged by the server; the view is in the address. */
export const AuditLogSection = () => {
  const { t } = useTranslation();
  const screen = useListScreen<AuditLogView, AuditLog>(auditLogView, auditLogKeys.list);
  const { view, list } = screen;
  const labels = useAuditEventLabels();
  const columns = useMemo(() => auditEventColumns(t, labels, { sortable: false }), [t, labels]);
  // A filter the server refused (the end before the start) is said under that filter, over no rows.
  const invalid = isApiError(list.error) && list.error.status === 400 ? list.error.fields : undefined;
  const actorEvent = view.actor ? list.data?.items.find((event) => event.actorId === view.actor) : undefined;
  const knownActor = actorEvent
    ? { id: view.actor!, username: actorEvent.actor, fullname: actorEvent.actor, email: '' }
    : null;

  return (
    <ListScreen
      screen={screen}
      id="audit-log"
      label={t('adminSections.tab.auditLog')}
      caption={(page, pages) => t('adminSections.auditLog.caption', { page, pages })}
      filters={<AuditLogFilters url={screen} knownActor={knownActor} errors={invalid} />}
      data={invalid ? NO_EVENTS : undefined}
      errorTitle={t('adminSections.auditLog.cannotLoad')}
      sortable={false}
      columns={columns}
      getRowId={(event) => event.id}
      empty={{ title: t('adminSections.auditLog.empty') }}
      emptyFiltered={{ title: t('adminSections.auditLog.emptyFiltered') }}
      countLabel={(count) => t('adminSections.auditLog.total', { count })}
    />
  );
};
