import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableEmpty } from './types';

/** While the first answer loads. */
export const DataTableLoading = () => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" mr="sm" display="inline-block" />
      {t('dataTable.loading')}
    </div>
  );
};

/** An empty list: why, and what to do about it. */
export const DataTableEmptyState = ({ empty }: { empty: DataTableEmpty }) => (
  <div role="status" className="data-table-empty">
    <Text fw={600}>{empty.title}</Text>
    {empty.hint && <Text size="sm">{empty.hint}</Text>}
    {empty.action && <div className="data-table-empty-action">{empty.action}</div>}
  </div>
);
