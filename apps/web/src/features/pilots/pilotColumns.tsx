import { Anchor, Text } from '@mantine/core';
import { routePath, type PilotRow } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../components/data-table';
import { Link } from '../../routing';
import { formatDay, PilotStateBadge } from './PilotLine';

/** The server sorts: any sort value marks a column sortable, its id is the sort key. */
const sortable = () => null;

/** The pilots ending's columns: the service first (it names the row), then its dates and state. */
export const pilotColumns = (t: TFunction): DataTableColumn<PilotRow>[] => [
  {
    id: 'name',
    header: t('pilots.list.columns.service'),
    cell: (row) => (
      <>
        <Anchor component={Link} to={routePath('service', { id: row.id })} fw={600}>
          {row.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.serviceId}
        </Text>
      </>
    ),
    sortValue: sortable,
    rowHeader: true,
    hideable: false,
  },
  {
    id: 'provider',
    header: t('pilots.list.columns.provider'),
    cell: (row) => (row.provider ? <abbr title={row.provider.name}>{row.provider.abbreviation}</abbr> : '—'),
  },
  {
    id: 'onlineSince',
    header: t('pilots.list.columns.onlineSince'),
    cell: (row) => formatDay(row.onlineSince),
    sortValue: sortable,
    nowrap: true,
  },
  {
    id: 'endsOn',
    header: t('pilots.list.columns.endsOn'),
    cell: (row) => <strong>{formatDay(row.endsOn)}</strong>,
    sortValue: sortable,
    nowrap: true,
  },
  {
    id: 'extended',
    header: t('pilots.list.columns.extended'),
    cell: (row) => t(row.extended ? 'pilots.list.yes' : 'pilots.list.no'),
  },
  {
    id: 'state',
    header: t('pilots.list.columns.state'),
    cell: (row) => <PilotStateBadge state={row.state} />,
  },
];
