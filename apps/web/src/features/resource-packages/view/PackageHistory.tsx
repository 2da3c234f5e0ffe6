import { Title } from '@mantine/core';
import { RESOURCE_PACKAGE_STATES, type ResourcePackageState } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { isMessageKey } from '../../../i18n/messageKey';
import { useServiceHistoryLabels } from '../../service/view/HistoryTab';
import { HistoryTable, type HistoryLabels } from '../../service/view/HistoryTable';
import { fetchResourcePackageHistory, resourcePackageKeys } from '../api';

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

/** A package's history (GET …/history, the service history's shape), newest first, a page at a time. */
export const PackageHistory = ({ serviceId, packageId }: { serviceId: string; packageId: string }) => {
  const { t } = useTranslation();
  const history = useStreamQuery(resourcePackageKeys.history(packageId), (cursor, signal) =>
    fetchResourcePackageHistory(serviceId, packageId, cursor, signal),
  );
  const labels = usePackageHistoryLabels();

  return (
    <section aria-labelledby="package-history">
      <Title order={2} size="h3" id="package-history" mb="sm">
        {t('resourcePackageViews.history')}
      </Title>
      <HistoryTable
        id="resource-package-history"
        caption={t('resourcePackageViews.history')}
        rows={history.items}
        failed={history.query.isError}
        more={history.more}
        labels={labels}
        emptyTitle={t('serviceView.noHistory')}
      />
    </section>
  );
};
