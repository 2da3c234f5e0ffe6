import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, isChangeRequestServiceState, routePath, type ServiceState } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serviceReviewQuery } from './api';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { useReviewAction } from './useReviewAction';

/**
 * On a service's view, while a review is open: the provider side sees the question with its two
 * answers (no changes; a change to the information: a change request once the service is in the
 * catalogue, an edit of its draft before), the portfolio manager the answer with who gave it and
 * the next step (end the review), everyone else who sees the service just its status. Nothing
 * shows without an open review.
 */
export const ReviewBanner = ({
  serviceId,
  serviceName,
  state,
}: {
  serviceId: string;
  serviceName: string;
  state: ServiceState;
}) => {
  const { t } = useTranslation();
  const query = useQuery(serviceReviewQuery(serviceId));
  const action = useReviewAction();
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const data = query.data;
  if (!data || data.review.status === 'inactive') return null;
  const { review } = data;
  const mayAnswer = data.actions.includes('confirm');
  // Ending waits for an answer: a running review waits for the provider side, not for the manager.
  const mayEnd = review.status !== 'running' && data.actions.includes('end');
  const color = review.status === 'finishedOK' ? 'green' : review.status === 'editRequired' ? 'orange' : 'blue';
  // In the catalogue a change goes through a change request; a draft is edited where it is.
  const changeLink = isChangeRequestServiceState(state)
    ? { to: routePath('serviceOnlineForm', { id: serviceId }), label: t('reviews.banner.makeChangeRequest') }
    : { to: `${routePath('service', { id: serviceId })}?tab=information`, label: t('reviews.banner.editInformation') };

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
        {review.status === 'running' && mayAnswer && (
          <Text>
            {t(isChangeRequestServiceState(state) ? 'reviews.banner.running' : 'reviews.banner.runningDraft')}
          </Text>
        )}
        {review.status === 'finishedOK' && review.answeredAt && (
          <Text>
            {t('reviews.banner.finishedOK', {
              name: review.answeredBy?.fullname ?? t('reviews.banner.someone'),
              date: formatDate(review.answeredAt),
            })}
          </Text>
        )}
        {review.status === 'editRequired' && <Text>{t('reviews.banner.editRequired')}</Text>}
        {mayEnd && <Text>{t('reviews.banner.nextStepEnd')}</Text>}
        {(mayAnswer || mayEnd) && (
          <Group gap="sm">
            {mayAnswer && (
              <>
                <Button
                  onClick={() => action.mutate({ id: serviceId, action: 'confirm', version: review.version })}
                  loading={action.isPending}
                >
                  {t('reviews.actions.confirm')}
                </Button>
                <Button component={Link} to={changeLink.to} variant="default">
                  {changeLink.label}
                </Button>
              </>
            )}
            {mayEnd && <Button onClick={() => setConfirmingEnd(true)}>{t('reviews.actions.end')}</Button>}
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmingEnd}
        title={t('reviews.confirmSingle.endTitle', { name: serviceName })}
        text={t('reviews.confirmSingle.endText')}
        confirmLabel={t('reviews.actions.end')}
        busy={action.isPending}
        onConfirm={() =>
          action.mutate(
            { id: serviceId, action: 'end', version: review.version },
            { onSettled: () => setConfirmingEnd(false) },
          )
        }
        onCancel={() => setConfirmingEnd(false)}
      />
    </Alert>
  );
};
