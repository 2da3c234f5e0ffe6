import { Text } from '@mantine/core';
import type { ResourcePackageReviewList } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen/ListScreen';
import { useListScreen } from '../../../components/list-screen/useListScreen';
import { resourcePackageKeys } from '../api';
import { packageReviewColumns } from './packageReviewColumns';
import { PackageReviewFilters } from './PackageReviewFilters';
import { packageReviewView, type PackageReviewView } from './reviewListView';

/**
 * The Resource Package Review List: packages across services, those waiting for review first
 * (oldest submission first), with search, state and type filters, approve and reject in the row.
 */
export const PackageReviewList = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const screen = useListScreen<PackageReviewView, ResourcePackageReviewList>(
    packageReviewView,
    resourcePackageKeys.reviewList,
  );
  const columns = useMemo(() => packageReviewColumns(t, language), [t, language]);
  const data = screen.list.data;
  return (
    <ListScreen
      screen={screen}
      id="resource-package-review"
      label={t('routes.resourcePackageReviewList')}
      filters={<PackageReviewFilters url={screen} />}
      notice={
        data && (
          <Text fw={600} role="status">
            {t('resourcePackageReview.waiting', { count: data.waiting })}
          </Text>
        )
      }
      exports
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.name}
      empty={{ title: t('resourcePackageReview.empty') }}
      emptyFiltered={{ title: t('resourcePackageReview.emptyFiltered') }}
      countLabel={(count) => t('resourcePackageReview.total', { count })}
    />
  );
};
