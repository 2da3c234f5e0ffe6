import { Anchor } from '@mantine/core';
import { formatDateTime, routePath, type GonePeople } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Link } from '../../routing';
import { fetchGonePeople, handoverKeys } from './api';

type Person = GonePeople['items'][number];

/** The people who are gone, newest first: each opens their handover. */
export const GonePeopleList = () => {
  const { t } = useTranslation();
  const people = useQuery({ queryKey: handoverKeys.people, queryFn: ({ signal }) => fetchGonePeople(signal) });
  const columns = useMemo<DataTableColumn<Person>[]>(
    () => [
      {
        id: 'fullname',
        header: t('userAccounts.columns.fullname'),
        cell: (row) => (
          <Anchor component={Link} to={`${routePath('handover')}?user=${encodeURIComponent(row.id)}`} fw={600}>
            {row.fullname || row.username}
          </Anchor>
        ),
        sortValue: (row) => (row.fullname || row.username).toLowerCase(),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'goneAt',
        header: t('handover.goneAtColumn'),
        cell: (row) => formatDateTime(row.goneAt),
        sortValue: (row) => row.goneAt,
      },
      {
        id: 'ownedServices',
        header: t('handover.ownedColumn'),
        cell: (row) => row.ownedServices,
        sortValue: (row) => row.ownedServices,
      },
    ],
    [t],
  );
  return (
    <DataTable<Person>
      id="handover-people"
      caption={t('handover.people')}
      columns={columns}
      rows={people.data?.items}
      getRowId={(row) => row.id}
      initialSort={{ id: 'goneAt', desc: true }}
      countLabel={(count) => t('handover.peopleTotal', { count })}
      columnChooser={false}
      empty={{ title: t('handover.noPeople') }}
    />
  );
};
