import { RESOURCE_PACKAGE_STATES, type ResourcePackageState } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '../../i18n/messageKey';
import type { HistoryLabels } from './HistoryTable';
import { useServiceHistoryLabels } from './serviceHistoryLabels';

const isPackageState = (value: unknown): value is ResourcePackageState =>
  (RESOURCE_PACKAGE_STATES as readonly unknown[]).includes(value);

/**
 * How a package's history reads: its own actions, fields and review states; whatever it does not
 * name (people, lists, yes/no) reads as in the service history. The audit log reads packages so too.
 */
export const usePackageHistoryLabels = (): HistoryLabels => {
  const { t } = useTranslation();
  const service = useServiceHistoryLabels(undefined);
  return useMemo((): HistoryLabels => {
    const own = (section: 'historyActions' | 'historyFields', name: string): string | null => {
      const key = `resourcePackageViews.${section}.${name.replace(/\./g, '_')}`;
      return isMessageKey(key) ? t(key) : null;
    };
    return {
      action: (action) => own('historyActions', action) ?? service.action(action),
      field: (field) => own('historyFields', field) ?? service.field(field),
      value: (field, value) => {
        if (field === 'state' && isPackageState(value)) return t(`resourcePackages.states.${value}`);
        if (field === 'policy' && value !== null && typeof value === 'object') return JSON.stringify(value);
        return service.value(field, value);
      },
    };
  }, [t, service]);
};
