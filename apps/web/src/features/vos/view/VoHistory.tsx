import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { HistoryTable } from '../../../components/history/HistoryTable';
import { useVoHistoryLabels } from '../../../components/history/voHistoryLabels';
import { fetchVoHistory, voKeys } from '../api';

/** The VO's audit events, newest first, a page at a time: when, who, what, old → new. */
export const VoHistory = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const history = useStreamQuery(voKeys.history(id), (cursor, signal) => fetchVoHistory(id, cursor, signal));
  const labels = useVoHistoryLabels();
  return (
    <HistoryTable
      id="vo-history"
      caption={t('voScreens.history')}
      rows={history.items}
      failed={history.query.isError}
      more={history.more}
      labels={labels}
      emptyTitle={t('voScreens.noHistory')}
    />
  );
};
