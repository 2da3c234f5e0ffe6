import { Group, NativeSelect, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DataTablePagerProps {
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Page size and pages; nothing when every row fits on the smallest page. */
export const DataTablePager = ({
  page,
  pageCount,
  pageSize,
  pageSizes,
  total,
  onPageChange,
  onPageSizeChange,
}: DataTablePagerProps) => {
  const { t } = useTranslation();
  const smallest = Math.min(...pageSizes);
  if (pageCount <= 1 && total <= smallest) return null;
  return (
    <Group justify="space-between" align="flex-end" gap="md" className="data-table-pager">
      {pageCount > 1 ? (
        <nav aria-label={t('dataTable.pagination')}>
          <Pagination
            total={pageCount}
            value={page}
            onChange={onPageChange}
            withEdges
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': t('dataTable.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`dataTable.${control}Page`) })}
          />
        </nav>
      ) : (
        <span />
      )}
      {total > smallest && (
        <NativeSelect
          label={t('dataTable.pageSize')}
          value={String(pageSize)}
          data={pageSizes.map((size) => String(size))}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          w={140}
        />
      )}
    </Group>
  );
};
