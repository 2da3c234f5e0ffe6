import { isAuditAction, isVoState, type VoFormValues } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '../../i18n/messageKey';
import type { HistoryLabels } from './HistoryTable';

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
