import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableMore } from './types';

interface CountProps {
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  totalExact: boolean;
  /** With totalExact false: the total is an estimate ("about") rather than a lower bound. */
  totalEstimated?: boolean;
  countLabel?: (count: number) => string;
  more?: DataTableMore;
}

/** The count line: "312 services", and which of them this page shows. */
export const DataTableCount = ({
  total,
  page,
  pageSize,
  pageCount,
  totalExact,
  totalEstimated = false,
  countLabel,
  more,
}: CountProps) => {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Group gap="sm" aria-live="polite">
      <Text fw={600}>
        {more?.hasMore && more.total === undefined
          ? t('dataTable.rowsSoFar', { count: total })
          : !totalExact
            ? t(totalEstimated ? 'dataTable.about' : 'dataTable.moreThan', {
                rows: countLabel ? countLabel(total) : t('dataTable.rows', { count: total }),
              })
            : countLabel
              ? countLabel(more?.total ?? total)
              : t('dataTable.rows', { count: more?.total ?? total })}
      </Text>
      {more?.total !== undefined && more.total > total && (
        <Text>
          {t('dataTable.range', { from: count.format(1), to: count.format(total), total: count.format(more.total) })}
        </Text>
      )}
      {!more && total > 0 && from <= total && (pageCount > 1 || page > 1) && (
        <Text>
          {t(totalExact ? 'dataTable.range' : totalEstimated ? 'dataTable.rangeOfAbout' : 'dataTable.rangeOfMore', {
            from: count.format(from),
            to: count.format(to),
            total: count.format(total),
          })}
        </Text>
      )}
    </Group>
  );
};
