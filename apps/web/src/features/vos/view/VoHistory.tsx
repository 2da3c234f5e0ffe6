import { useTranslation } from 'react-i18next';
import { StreamedHistory } from '../../../components/history/StreamedHistory';
import { useVoHistoryLabels } from '../../../components/history/voHistoryLabels';
import { fetchVoHistory, voKeys } from '../api';

/** The VO's audit events, newest first, a page at a time: when, who, what, old → new. */
export const VoHistory = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const labels = useVoHistoryLabels();
  return (
    <StreamedHistory
      id="vo-history"
      queryKey={voKeys.history(id)}
      fetchPage={(cursor, signal) => fetchVoHistory(id, cursor, signal)}
      labels={labels}
      caption={t('voScreens.history')}
      emptyTitle={t('voScreens.noHistory')}
    />
  );
};
