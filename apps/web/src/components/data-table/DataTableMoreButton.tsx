import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableMore } from './types';

/**
 * "Load more" under a stream's rows. A chunk of its own, like the pager: Mantine's Button with its
 * loader transition is 3 KB that a table without a stream (the public portfolio) never runs
 * (docs/adr/0086-public-pages-audit.md).
 */
export const DataTableMoreButton = ({ more }: { more: DataTableMore }) => {
  const { t } = useTranslation();
  return (
    <Group justify="center" mt="sm" className="data-table-more">
      <Button variant="default" loading={more.loading} onClick={more.onLoadMore}>
        {more.label ?? t('dataTable.loadMore')}
      </Button>
    </Group>
  );
};
