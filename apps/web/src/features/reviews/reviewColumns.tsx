import { Anchor, Button, Group } from '@mantine/core';
import { formatDate, routePath, type ReviewListItem } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/data-table';
import { ServiceStateBadge } from '../../components/ServiceStateBadge';
import { ReviewStatusBadge } from './ReviewStatusBadge';

export type RowAction = (item: ReviewListItem, action: ReviewListItem['actions'][number]) => void;

/** The review list's columns; every one but the actions sorts on the server (its id is the sort key). */
export const reviewColumns = (
  t: TFunction,
  onAction: RowAction,
  busyId: string | null,
): DataTableColumn<ReviewListItem>[] => {
  const sortable = () => null;
  return [
    {
      id: 'serviceId',
      header: t('reviews.columns.serviceId'),
      cell: (row) => row.serviceId,
      sortValue: sortable,
      className: 'service-id',
      nowrap: true,
    },
    {
      id: 'name',
      header: t('reviews.columns.name'),
      cell: (row) => (
        <Anchor component={Link} to={routePath('service', { id: row.id })} fw={600}>
          {row.name}
        </Anchor>
      ),
      sortValue: sortable,
      hideable: false,
    },
    {
      id: 'provider',
      header: t('reviews.columns.provider'),
      cell: (row) =>
        row.providerInstitution ? (
          <abbr title={row.providerInstitution.name}>{row.providerInstitution.abbreviation}</abbr>
        ) : null,
      sortValue: sortable,
    },
    {
      id: 'state',
      header: t('reviews.columns.state'),
      cell: (row) => <ServiceStateBadge state={row.state} />,
      sortValue: sortable,
    },
    {
      id: 'status',
      header: t('reviews.columns.status'),
      cell: (row) => <ReviewStatusBadge status={row.review.status} />,
      sortValue: sortable,
    },
    {
      id: 'startedAt',
      header: t('reviews.columns.startedAt'),
      cell: (row) => (row.review.startedAt ? formatDate(row.review.startedAt) : t('reviews.noAnswer')),
      sortValue: sortable,
      sortDescFirst: true,
      nowrap: true,
    },
    {
      id: 'answeredBy',
      header: t('reviews.columns.answeredBy'),
      cell: (row) => row.review.answeredBy?.fullname || t('reviews.noAnswer'),
    },
    {
      id: 'actions',
      header: t('reviews.columns.actions'),
      cell: (row) =>
        row.actions.length > 0 ? (
          <Group gap="xs" wrap="nowrap" role="group" aria-label={t('reviews.rowActions', { name: row.name })}>
            {row.actions.map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'start' ? 'filled' : 'default'}
                loading={busyId === row.id}
                onClick={() => onAction(row, action)}
              >
                {t(`reviews.actions.${action}`)}
              </Button>
            ))}
          </Group>
        ) : null,
      hideable: false,
    },
  ];
};
