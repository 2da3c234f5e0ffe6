import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Above the rows while some are selected: how many, the list's actions for them, and "Clear selection". */
export const DataTableBulkBar = ({
  count,
  actions,
  onClear,
}: {
  count: number;
  actions: ReactNode;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t('dataTable.bulkActions')} className="data-table-bulk">
      <Text fw={600}>{t('dataTable.selected', { count })}</Text>
      <Group gap="sm">
        {actions}
        <UnstyledButton className="data-table-link-button" onClick={onClear}>
          {t('dataTable.clearSelection')}
        </UnstyledButton>
      </Group>
    </div>
  );
};
