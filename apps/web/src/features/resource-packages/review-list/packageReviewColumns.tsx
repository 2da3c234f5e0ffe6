import { Anchor, Text } from '@mantine/core';
import { formatDateTime, type ResourcePackageReviewRow } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { Link } from '../../../routing';
import { localized } from '../../../i18n/localized';
import { formatQuota } from '../quota';
import { ResourcePackageStateBadge } from '../ResourcePackageStateBadge';
import { ReviewSteps } from '../review/ReviewSteps';
import { policyPath } from '../view/ResourcesTab';

/** The server sorts: any sort value marks a column sortable, its id is the sort key. */
const sortable = () => null;

/**
 * The review list's columns: the package first (it names the row, and on a phone it is what shows
 * before the table scrolls); the reviewer approves or rejects in the row.
 */
export const packageReviewColumns = (
  t: TFunction,
  language: string | undefined,
): DataTableColumn<ResourcePackageReviewRow>[] => [
  {
    id: 'name',
    header: t('resourcePackageReview.columns.package'),
    cell: (row) => (
      <Anchor component={Link} to={policyPath(row)} fw={600}>
        {row.name}
      </Anchor>
    ),
    sortValue: sortable,
    rowHeader: true,
    hideable: false,
  },
  {
    id: 'service',
    header: t('resourcePackageReview.columns.service'),
    // Text, not a link: reviewers review packages, and most of them may not open the service itself.
    cell: (row) => (
      <>
        <Text size="sm">{row.service.name}</Text>
        <Text size="xs" c="dimmed">
          {row.service.serviceId}
        </Text>
      </>
    ),
    sortValue: sortable,
  },
  {
    id: 'provider',
    header: t('resourcePackageReview.columns.provider'),
    cell: (row) => (row.provider ? <abbr title={row.provider.name}>{row.provider.abbreviation}</abbr> : '—'),
    className: 'package-fit',
  },
  {
    id: 'type',
    header: t('resourcePackageReview.columns.type'),
    cell: (row) => localized(row.type.name, language),
    sortValue: sortable,
  },
  {
    id: 'quota',
    header: t('resourcePackageReview.columns.quota'),
    cell: (row) => formatQuota(row.quota, row.type.quotaUnit, language),
    numeric: true,
    nowrap: true,
  },
  {
    id: 'state',
    header: t('resourcePackageReview.columns.state'),
    cell: (row) => <ResourcePackageStateBadge state={row.state} />,
    sortValue: sortable,
    className: 'package-fit',
  },
  {
    id: 'submittedAt',
    header: t('resourcePackageReview.columns.submitted'),
    cell: (row) =>
      row.submittedAt ? (
        <>
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.submittedAt)}
          </Text>
          {row.submittedBy && <Text size="sm">{row.submittedBy}</Text>}
        </>
      ) : (
        '—'
      ),
    sortValue: sortable,
    sortDescFirst: true,
  },
  {
    id: 'actions',
    header: t('resourcePackageReview.columns.actions'),
    cell: (row) => <ReviewSteps target={row} only={['approve', 'reject']} compact />,
    hideable: false,
    className: 'package-fit',
  },
];
