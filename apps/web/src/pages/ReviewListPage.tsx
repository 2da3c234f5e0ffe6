import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import { ReviewList } from '../features/reviews/ReviewList';
import { ReviewScheduleSettingsButton } from '../features/reviews/ReviewScheduleSettingsButton';
import type { PageProps } from './PageProps';

/** Service Review List (/sc/review-list): reviews per service, started and ended one by one or for the whole view. */
export const ReviewListPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayList = usePermission('review.list');
  if (!mayList) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader
        title={t('routes.reviewList')}
        intro={t('reviews.intro')}
        actions={<ReviewScheduleSettingsButton />}
      />
      <ReviewList />
    </Stack>
  );
};
