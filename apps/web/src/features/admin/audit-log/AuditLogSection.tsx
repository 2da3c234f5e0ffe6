import { Button, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { DataTable } from '../../../components/data-table';
import { useSearchParams } from '../../../routing';
import { auditEventColumns } from '../../../components/history/auditEventColumns';
import { useAuditEventLabels } from '../../../components/history/auditEventLabels';
import { auditLogKeys, auditLogQueryString, fetchAuditLog } from './api';
import { AuditLogFilters } from './AuditLogFilters';
import {
  AUDIT_LOG_PAGE_SIZES,
  auditLogQuery,
  changeAuditLogView,
  isFiltered,
  NO_AUDIT_FILTERS,
  parseAuditLogView,
  serializeAuditLogView,
  type AuditLogView,
} from './auditLogView';

/** The audit log of the whole portal, newest first, filtered and paged by the server; the view is in the address. */
export const AuditLogSection = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseAuditLogView(params), [params]);
  const setView = useCallback(
    (next: AuditLogView) => setParams({ tab: 'auditLog', ...serializeAuditLogView(next) }),
    [setParams],
  );
  const query = auditLogQuery(view);
  const log = useQuery({
    queryKey: auditLogKeys.list(auditLogQueryString(query)),
    queryFn: ({ signal }) => fetchAuditLog(query, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.status === 400) && count < 2,
  });
  const labels = useAuditEventLabels();
  const columns = useMemo(() => auditEventColumns(t, labels, { sortable: false }), [t, labels]);

  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.pageSize), view.page);
  const filtered = isFiltered(view);
  const invalid = isApiError(log.error) && log.error.status === 400 ? log.error.fields : undefined;
  const actorEvent = view.actor ? log.data?.items.find((event) => event.actorId === view.actor) : undefined;
  const knownActor = actorEvent
    ? { id: view.actor!, username: actorEvent.actor, fullname: actorEvent.actor, email: '' }
    : null;

  return (
    <Stack gap="md">
      <AuditLogFilters view={view} onChange={setView} knownActor={knownActor} errors={invalid} />
      {log.isError && !invalid ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('adminSections.auditLog.cannotLoad')}</Text>
          <Text size="sm">{log.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id="audit-log"
          caption={t('adminSections.auditLog.caption', { page: view.page, pages })}
          columns={columns}
          rows={invalid ? [] : log.data?.items}
          getRowId={(event) => event.id}
          empty={{
            title: t(filtered ? 'adminSections.auditLog.emptyFiltered' : 'adminSections.auditLog.empty'),
            action: filtered ? (
              <Button variant="default" onClick={() => setView(changeAuditLogView(view, NO_AUDIT_FILTERS))}>
                {t('dataTable.clearFilters')}
              </Button>
            ) : undefined,
          }}
          busy={log.isFetching && log.isPlaceholderData}
          countLabel={(count) => t('adminSections.auditLog.total', { count })}
          pageSizes={AUDIT_LOG_PAGE_SIZES}
          server={{
            sort: null,
            onSortChange: () => undefined,
            page: view.page,
            pageSize: view.pageSize,
            onPageChange: (page) => setView({ ...view, page }),
            onPageSizeChange: (pageSize) => setView({ ...view, pageSize, page: 1 }),
            total,
          }}
        />
      )}
    </Stack>
  );
};
