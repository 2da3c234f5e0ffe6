import { isAuditAction, isVoState, type VoFormValues } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { isMessageKey } from '../../../i18n/messageKey';
import { HistoryTable, type HistoryLabels } from '../../service/view/HistoryTable';
import { fetchVoHistory, voKeys } from '../api';

/** How a VO's history reads (the audit log's too): its audit actions, the application's fields and the states, as words. */
export const useVoHistoryLabels = (): HistoryLabels => {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      action: (action) => {
        const key = `vos.historyActions.${action.replace(/\./g, '_')}`;
        return isAuditAction(action) && isMessageKey(key) ? t(key) : action;
      },
      field: (field) => {
        if (field === 'state') return t('voScreens.state');
        const key = `vos.fields.${field}`;
        return isMessageKey(key) ? t(key as `vos.fields.${keyof VoFormValues}`) : field;
      },
      value: (field, value) => {
        if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
          return t('serviceView.emptyValue');
        if (field === 'state' && isVoState(value)) return t(`vos.states.${value}`);
        if (typeof value === 'boolean') return t(value ? 'serviceView.yes' : 'serviceView.no');
        if (Array.isArray(value)) return value.map(String).join(', ');
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      },
    }),
    [t],
  );
};

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
