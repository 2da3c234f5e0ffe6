import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ResourcePackageReviewQuery } from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { DataTable, listExports } from '../../../components/data-table';
import { NoAccess } from '../../../components/NoAccess';
import { fetchResourcePackageReviewList, resourcePackageKeys, reviewListQueryString } from '../api';
import { packageReviewColumns } from './packageReviewColumns';
import { PackageReviewFilters } from './PackageReviewFilters';
import {
  changePackageReviewView,
  PACKAGE_REVIEW_PAGE_SIZES,
  packageReviewQuery,
  type PackageReviewView,
} from './reviewListView';

interface Props {
  view: PackageReviewView;
  setView: (next: PackageReviewView, options?: { replace?: boolean }) => void;
}

/**
 * The Resource Package Review List: packages across services, those waiting for review first
 * (oldest submission first), with search, state and type filters, approve and reject in the row.
 */
export const PackageReviewList = ({ view, setView }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const query = packageReviewQuery(view);
  const list = useQuery({
    queryKey: resourcePackageKeys.reviewList(reviewListQueryString(query)),
    queryFn: ({ signal }) => fetchResourcePackageReviewList(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => packageReviewColumns(t, language), [t, language]);

  if (isApiError(list.error) && list.error.status === 403) return <NoAccess />;

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.pageSize), view.page);
  const filtered = Boolean(view.q || view.state || view.type);

  return (
    <Stack gap="md">
      <PackageReviewFilters view={view} onChange={setView} />
      {list.data && (
        <Text fw={600} role="status">
          {t('resourcePackageReview.waiting', { count: list.data.waiting })}
        </Text>
      )}
      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('portfolio.loadFailed')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id="resource-package-review"
          caption={t('dataTable.pagedCaption', { list: t('routes.resourcePackageReviewList'), page: view.page, pages })}
          columns={columns}
          rows={list.data?.items}
          getRowId={(row) => row.id}
          rowLabel={(row) => row.name}
          empty={{
            title: t(filtered ? 'resourcePackageReview.emptyFiltered' : 'resourcePackageReview.empty'),
            action: filtered ? (
              <Button
                variant="default"
                onClick={() => setView(changePackageReviewView(view, { q: '', state: null, type: null }))}
              >
                {t('dataTable.clearFilters')}
              </Button>
            ) : undefined,
          }}
          busy={list.isFetching && list.isPlaceholderData}
          countLabel={(count) => t('resourcePackageReview.total', { count })}
          exports={listExports(`/api/resource-packages/review-list${reviewListQueryString(query)}`)}
          pageSizes={PACKAGE_REVIEW_PAGE_SIZES}
          server={{
            sort: { id: view.sort, desc: view.order === 'desc' },
            onSortChange: (sort) =>
              setView({
                ...view,
                sort: sort.id as ResourcePackageReviewQuery['sort'],
                order: sort.desc ? 'desc' : 'asc',
                page: 1,
              }),
            page: view.page,
            pageSize: view.pageSize,
            onPageChange: (page) => setView({ ...view, page }),
            onPageSizeChange: (pageSize) => setView({ ...view, pageSize, page: 1 }),
            total,
          }}
        />
      )}
    </Stack>
  );
};
