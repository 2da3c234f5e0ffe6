import { formatDate, type StatusNotice } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import './ServiceStatusNotice.css';

/**
 * Why a service is not available or at full capacity, and until when, in the words its provider
 * gave: under its state on the public portfolio, its public page and its own header. Plain markup,
 * like the state badge beside it, so the public portfolio pulls in nothing more.
 */
export const ServiceStatusNotice = ({ notice }: { notice: StatusNotice | null }) => {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <span className="status-notice">
      {notice.reason && <span className="status-notice-reason">{notice.reason}</span>}
      {notice.expectedEnd && (
        <span className="status-notice-end">
          {t('publicPortfolio.expectedUntil', { date: formatDate(`${notice.expectedEnd}T12:00:00Z`) })}
        </span>
      )}
    </span>
  );
};
