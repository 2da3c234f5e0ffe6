import type { ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchHistory, fetchWeightingCriteria, serviceKeys } from '../../../api/services';
import { StreamedHistory } from '../../../components/history/StreamedHistory';
import { useServiceHistoryLabels } from '../../../components/history/serviceHistoryLabels';

/** The history tab: the service's audit events, newest first, a page at a time: when, who, what, old → new. */
export const HistoryTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const labels = useServiceHistoryLabels(criteria.data?.items);

  return (
    <StreamedHistory
      id="service-history"
      queryKey={serviceKeys.history(service.id)}
      fetchPage={(cursor, signal) => fetchHistory(service.id, cursor, signal)}
      labels={labels}
      caption={t('serviceView.tabs.history')}
      emptyTitle={t('serviceView.noHistory')}
    />
  );
};
