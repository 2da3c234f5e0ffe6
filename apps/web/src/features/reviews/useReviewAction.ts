import type { ManualReviewAction, ServiceReview } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { reviewKeys, runReviewAction } from './api';

const SUCCESS = {
  start: 'reviews.notifications.started',
  stop: 'reviews.notifications.stopped',
  end: 'reviews.notifications.ended',
  confirm: 'reviews.notifications.confirmed',
} as const satisfies Record<ManualReviewAction, string>;

interface Call {
  id: string;
  action: ManualReviewAction;
  version: number;
}

/**
 * One review action with the review's version as it was read; afterwards every review query
 * (list, banner, My Services) reads again, and a conflict (someone was quicker) too.
 */
export const useReviewAction = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  return useMutation({
    mutationFn: ({ id, action, version }: Call): Promise<ServiceReview> => runReviewAction(id, action, version),
    onSuccess: (next, { action }) => {
      queryClient.setQueryData(reviewKeys.service(next.serviceId), next);
      refresh();
      notifySuccess(t(SUCCESS[action]), t(`reviews.statuses.${next.review.status}`));
    },
    onError: (error) => reportWriteError(error, t('notifications.somethingWentWrong'), t, { onConflict: refresh }),
  });
};
