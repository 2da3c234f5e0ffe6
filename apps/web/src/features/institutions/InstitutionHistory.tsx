import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../hooks/useStreamQuery';
import { HistoryTable } from '../service/view/HistoryTable';
import { useAuditHistoryLabels } from '../user-accounts/auditEventLabels';
import { fetchInstitutionHistory, institutionKeys } from './api';

/** The institution's audit events, newest first, a page at a time: when, who, what, old → new. */
export const InstitutionHistory = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const history = useStreamQuery(institutionKeys.history(id), (cursor, signal) =>
    fetchInstitutionHistory(id, cursor, signal),
  );
  const labels = useAuditHistoryLabels('institution');
  return (
    <HistoryTable
      id="institution-history"
      caption={t('institutionAdmin.tabHistory')}
      rows={history.items}
      failed={history.query.isError}
      more={history.more}
      labels={labels}
      emptyTitle={t('serviceView.noHistory')}
    />
  );
};
