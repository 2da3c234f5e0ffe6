import { REVIEWABLE_STATES, type ServiceState } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { BulkAction } from '../../components/BulkAction';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { reportWriteError } from '../../api/writes';
import { reviewKeys, runBulkReview } from './api';

export interface StartSelectedReviewsProps {
  /** The selected rows of a service list. */
  selected: readonly { id: string; state: ServiceState }[];
  clearSelection: () => void;
}

const reviewable: ReadonlySet<ServiceState> = new Set(REVIEWABLE_STATES);

/**
 * "Start review" for the services selected in a list (docs/adr/0029-service-reviews.md): the
 * confirmation names how many start (services in no reviewable state are left out and said so),
 * and the request sends that number with the ids. When the server now finds another number (a
 * review runs already, a state moved on), it answers 409 and nothing starts.
 */
export const StartSelectedReviews = ({ selected, clearSelection }: StartSelectedReviewsProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const ids = selected.filter((service) => reviewable.has(service.state)).map((service) => service.id);
  const skipped = selected.length - ids.length;
  const start = useMutation({
    mutationFn: () => runBulkReview({ action: 'start', filters: {}, ids, count: ids.length }),
    onSuccess: ({ count }) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      notifySuccess(t('savedViews.reviewsStarted', { count }), '');
      setAsking(false);
      clearSelection();
    },
    onError: (error) => {
      setAsking(false);
      reportWriteError(error, t('savedViews.startReviewFailed'), t);
    },
  });
  const text = [
    t('savedViews.startReviewText', { count: ids.length }),
    skipped > 0 ? t('savedViews.startReviewSkipped', { count: skipped }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <BulkAction
        variant="default"
        label={t('savedViews.startReview')}
        count={ids.length}
        none={t('savedViews.startReviewNone')}
        onClick={() => setAsking(true)}
      />
      <ConfirmDialog
        opened={asking}
        title={t('savedViews.startReviewTitle')}
        text={text}
        confirmLabel={t('savedViews.startReviewConfirm', { count: ids.length })}
        busy={start.isPending}
        onConfirm={() => start.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
};
