import { Anchor, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime, routePath, type ServiceSort, type ServiceSummary } from '@nubes/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceStateBadge } from '../../components/ServiceStateBadge';
import type { ListFilters } from './listQuery';

interface Column {
  key: 'serviceId' | 'name' | 'provider' | 'state' | 'type' | 'updatedAt' | 'score';
  /** The server's sort key, when the column can be sorted by. */
  sort?: ServiceSort;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'serviceId', sort: 'serviceId' },
  { key: 'name', sort: 'name' },
  { key: 'provider', sort: 'provider' },
  { key: 'state', sort: 'state' },
  { key: 'type' },
  { key: 'updatedAt', sort: 'updatedAt' },
  { key: 'score', sort: 'score', numeric: true },
];

export interface ServiceTableProps {
  /** One page of the list; undefined while the first page loads. */
  rows: readonly ServiceSummary[] | undefined;
  filters: ListFilters;
  /** A visually hidden caption naming the list; screen readers announce it with the table. */
  caption: string;
  /** Null when the list has a fixed order (the integration list, by score). */
  onSort: ((sort: ServiceSort) => void) | null;
  /** A newer page is on its way while the previous one is shown. */
  busy: boolean;
}

const SORT_ICONS = { ascending: '▲', descending: '▼', none: '↕' } as const;

/**
 * The service lists' table. Sortable columns have a button in their header and tell assistive
 * technology their order through aria-sort; the service's name links to its view.
 */
export const ServiceTable = ({ rows, filters, caption, onSort, busy }: ServiceTableProps) => {
  const { t, i18n } = useTranslation();
  const numberFormat = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const header = (column: Column) => {
    const label = t(`portfolio.columns.${column.key}`);
    if (!onSort || !column.sort) {
      return (
        <Table.Th key={column.key} className={column.numeric ? 'numeric' : undefined}>
          {label}
        </Table.Th>
      );
    }
    const sort = column.sort;
    const direction = filters.sort === sort ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <Table.Th key={column.key} aria-sort={direction} className={column.numeric ? 'numeric' : undefined}>
        <UnstyledButton className="sort-button" onClick={() => onSort(sort)}>
          {label}
          <span className="sort-icon" aria-hidden="true">
            {SORT_ICONS[direction]}
          </span>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const sortColumn = COLUMNS.find((column) => column.sort === filters.sort);
  const sortNote =
    onSort && sortColumn
      ? `, ${t('portfolio.sortedBy', {
          column: t(`portfolio.columns.${sortColumn.key}`),
          order: t(filters.order === 'asc' ? 'portfolio.ascending' : 'portfolio.descending'),
        })}`
      : '';

  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length}>{content}</Table.Td>
    </Table.Tr>
  );

  return (
    <div className="list-table-wrap">
      <Table className="list-table" striped highlightOnHover verticalSpacing="xs" aria-busy={busy}>
        <caption className="visually-hidden">
          {caption}
          {sortNote}
        </caption>
        <Table.Thead>
          <Table.Tr>{COLUMNS.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined &&
            message(
              <div role="status" aria-live="polite">
                <Loader size="sm" aria-hidden="true" mr="sm" display="inline-block" />
                {t('portfolio.loading')}
              </div>,
            )}
          {rows?.length === 0 &&
            message(
              <div role="status">
                <Text fw={600}>{t('portfolio.empty')}</Text>
                <Text size="sm">{t('portfolio.emptyHint')}</Text>
              </div>,
            )}
          {rows?.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td className="service-id">{row.serviceId}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={routePath('service', { id: row.id })} fw={600}>
                  {row.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {row.providerInstitution ? (
                  <abbr title={row.providerInstitution.name}>{row.providerInstitution.abbreviation}</abbr>
                ) : null}
              </Table.Td>
              <Table.Td>
                <ServiceStateBadge state={row.state} />
              </Table.Td>
              <Table.Td>{t(`serviceTypes.${row.serviceType}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updatedAt)}</Table.Td>
              <Table.Td className="numeric">{numberFormat.format(row.score)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
};
