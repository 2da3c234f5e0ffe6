import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, routePath } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { fetchServiceReview, reviewKeys } from './api';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { useReviewAction } from './useReviewAction';

/**
 * On a service's view, while a review is open: the provider side sees the question with its two
 * answers (no changes; a change request in the online edit form), everyone else who sees the
 * service just its status. Nothing shows without an open review.
 */
export const ReviewBanner = ({ serviceId }: { serviceId: string }) => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: reviewKeys.service(serviceId),
    queryFn: ({ signal }) => fetchServiceReview(serviceId, signal),
  });
  const action = useReviewAction();
  const data = query.data;
  if (!data || data.review.status === 'inactive') return null;
  const { review } = data;
  const mayAnswer = data.actions.includes('confirm');
  const color = review.status === 'finishedOK' ? 'green' : review.status === 'editRequired' ? 'orange' : 'blue';

  return (
    <Alert
      color={color}
      variant="light"
      // Green and orange text on their light backgrounds stay under 4.5:1 even at the darkest
      // shade; the colour is in the border and the badge, the title reads in the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={t('reviews.banner.title')}
      role="region"
      aria-label={t('reviews.banner.title')}
      mb="lg"
    >
      <Stack gap="sm">
        <Group gap="sm">
          <ReviewStatusBadge status={review.status} />
          {review.startedAt && (
            <Text size="sm">{t('reviews.banner.startedOn', { date: formatDate(review.startedAt) })}</Text>
          )}
        </Group>
        {review.status === 'running' && mayAnswer && <Text>{t('reviews.banner.running')}</Text>}
        {review.status === 'finishedOK' && review.answeredAt && (
          <Text>{t('reviews.banner.finishedOK', { date: formatDate(review.answeredAt) })}</Text>
        )}
        {review.status === 'editRequired' && <Text>{t('reviews.banner.editRequired')}</Text>}
        {mayAnswer && (
          <Group gap="sm">
            <Button
              onClick={() => action.mutate({ id: serviceId, action: 'confirm', version: review.version })}
              loading={action.isPending}
            >
              {t('reviews.actions.confirm')}
            </Button>
            <Button component={Link} to={routePath('serviceOnlineForm', { id: serviceId })} variant="default">
              {t('reviews.banner.makeChangeRequest')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
};
