import { useTranslation } from 'react-i18next';
import { useAuditHistoryLabels } from './auditEventLabels';
import { StreamedHistory, type StreamedHistoryProps } from './StreamedHistory';

export interface AuditHistoryProps extends Omit<StreamedHistoryProps, 'id' | 'labels' | 'emptyTitle'> {
  /** The audit log's object type, which names the table too (`contact-history`). */
  objectType: 'contact' | 'institution';
}

/**
 * The audit events of an object without words of its own (a contact, an institution), read as
 * the audit log reads them; without any, it says there is no history yet.
 */
export const AuditHistory = ({ objectType, ...history }: AuditHistoryProps) => {
  const { t } = useTranslation();
  const labels = useAuditHistoryLabels(objectType);
  return (
    <StreamedHistory
      id={`${objectType}-history`}
      labels={labels}
      emptyTitle={t('serviceView.noHistory')}
      {...history}
    />
  );
};
