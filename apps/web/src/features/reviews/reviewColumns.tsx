import './reviews.css';
import { Button, Menu } from '@mantine/core';
import { formatDate, type ReviewListItem } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../components/data-table';
import { ServiceStateBadge } from '../../components/ServiceStateBadge';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { ServiceLink } from '../../components/ServiceLink';

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
      className: 'service-id review-fit',
    },
    {
      id: 'name',
      header: t('reviews.columns.name'),
      cell: (row) => <ServiceLink id={row.id}>{row.name}</ServiceLink>,
      sortValue: sortable,
      hideable: false,
    },
    {
      id: 'provider',
      className: 'review-fit',
      header: t('reviews.columns.provider'),
      cell: (row) =>
        row.providerInstitution ? (
          <abbr title={row.providerInstitution.name}>{row.providerInstitution.abbreviation}</abbr>
        ) : null,
      sortValue: sortable,
    },
    {
      id: 'state',
      className: 'review-fit',
      header: t('reviews.columns.state'),
      cell: (row) => <ServiceStateBadge state={row.state} />,
      sortValue: sortable,
    },
    {
      id: 'status',
      className: 'review-fit',
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
      className: 'review-fit',
    },
    {
      id: 'nextReview',
      header: t('reviews.columns.nextReview'),
      cell: (row) => (row.nextReviewOn ? formatDate(row.nextReviewOn) : t('reviews.noAnswer')),
      className: 'review-fit',
      // The row's actions stay in view on a desktop; the header of each service shows its date too.
      hiddenByDefault: true,
    },
    {
      id: 'answeredBy',
      header: t('reviews.columns.answeredBy'),
      cell: (row) => row.review.answeredBy || t('reviews.noAnswer'),
    },
    {
      id: 'actions',
      header: t('reviews.columns.actions'),
      cell: (row) => {
        const [only] = row.actions;
        if (!only) return null;
        // One action is a button; several share a menu, so the column stays narrow.
        if (row.actions.length === 1)
          return (
            <Button size="compact-sm" loading={busyId === row.id} onClick={() => onAction(row, only)}>
              {t(`reviews.actions.${only}`)}
            </Button>
          );
        return (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                loading={busyId === row.id}
                aria-label={t('reviews.rowActions', { name: row.name })}
              >
                {t('reviews.columns.actions')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {row.actions.map((action) => (
                <Menu.Item key={action} onClick={() => onAction(row, action)}>
                  {t(`reviews.actions.${action}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      },
      hideable: false,
      className: 'review-fit',
    },
  ];
};
