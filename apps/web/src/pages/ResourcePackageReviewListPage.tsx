import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import { PackageReviewList } from '../features/resource-packages/review-list/PackageReviewList';
import type { PageProps } from './PageProps';

/** /sc/resourcePackageReviewList: resource packages across services, for the resource package managers. */
export const ResourcePackageReviewListPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayReview = usePermission('resourcePackage.review');
  if (!mayReview) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.resourcePackageReviewList')} intro={t('resourcePackageReview.intro')} />
      <PackageReviewList />
    </Stack>
  );
};
