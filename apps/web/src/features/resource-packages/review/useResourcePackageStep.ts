import type { ResourcePackage, ResourcePackageAction, ResourcePackageReviewRow } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { reportWriteError, writeErrorOutcome } from '../../../api/writes';
import { resourcePackageKeys, stepResourcePackage } from '../api';

/** What a review step needs of a package: the policy view's package and a review list row both have it. */
export type StepTarget = Pick<ResourcePackageReviewRow, 'id' | 'name' | 'version' | 'actions'> & {
  service: { id: string };
};

export interface StepCall {
  target: StepTarget;
  action: ResourcePackageAction;
  comment?: string;
}

export interface StepHandlers {
  onStepped?: (next: ResourcePackage) => void;
  /** The server's message for the comment field (a rejection without a reason). */
  onCommentError?: (message: string) => void;
  /** The step failed for another reason (someone was quicker, no right): the question closes. */
  onFailed?: () => void;
}

/**
 * One review step with the version the screen read. Afterwards every package query (the service's
 * tab, the policy view, its history, the review list) reads again, after a conflict too; the
 * server's message (409, 403) says why a step was refused.
 */
export const useResourcePackageStep = ({ onStepped, onCommentError, onFailed }: StepHandlers = {}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.all });
  return useMutation({
    mutationFn: ({ target, action, comment }: StepCall) =>
      stepResourcePackage(target.service.id, target.id, {
        action,
        version: target.version,
        ...(comment ? { comment } : {}),
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(resourcePackageKeys.one(next.id), next);
      refresh();
      notifySuccess(t('resourcePackages.statusChanged'), t(`resourcePackages.states.${next.state}`));
      onStepped?.(next);
    },
    onError: (error) => {
      const outcome = writeErrorOutcome(error);
      const comment = outcome.kind === 'message' ? outcome.fields?.comment : undefined;
      if (comment && onCommentError) {
        onCommentError(comment);
        return;
      }
      reportWriteError(error, t('resourcePackageReview.stepFailed'), t, { onConflict: refresh });
      onFailed?.();
    },
  });
};
