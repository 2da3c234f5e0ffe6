import type { ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { fetchHistory, fetchWeightingCriteria, serviceKeys } from '../../../api/services';
import { HistoryTable } from '../../../components/history/HistoryTable';
import { useServiceHistoryLabels } from '../../../components/history/serviceHistoryLabels';

/** The history tab: the service's audit events, newest first, a page at a time: when, who, what, old → new. */
export const HistoryTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const history = useStreamQuery(serviceKeys.history(service.id), (cursor, signal) =>
    fetchHistory(service.id, cursor, signal),
  );
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const labels = useServiceHistoryLabels(criteria.data?.items);

  return (
    <HistoryTable
      id="service-history"
      caption={t('serviceView.tabs.history')}
      rows={history.items}
      failed={history.query.isError}
      more={history.more}
      labels={labels}
      emptyTitle={t('serviceView.noHistory')}
    />
  );
};
