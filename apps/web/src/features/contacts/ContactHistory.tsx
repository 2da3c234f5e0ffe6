import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../hooks/useStreamQuery';
import { HistoryTable } from '../service/view/HistoryTable';
import { useAuditHistoryLabels } from '../user-accounts/auditEventLabels';
import { contactKeys, fetchContactHistory } from './api';

/** The contact's audit events, newest first, a page at a time: when, who, what, old → new. */
export const ContactHistory = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const history = useStreamQuery(contactKeys.history(id), (cursor, signal) => fetchContactHistory(id, cursor, signal));
  const labels = useAuditHistoryLabels('contact');
  return (
    <HistoryTable
      id="contact-history"
      caption={t('contacts.tabHistory')}
      rows={history.items}
      failed={history.query.isError}
      more={history.more}
      labels={labels}
      emptyTitle={t('serviceView.noHistory')}
    />
  );
};
