import {
  findTransition,
  VALIDATION_FAILURE_MESSAGES,
  type RetirementPlan,
  type ServiceDetail,
  type StatusNoticeInput,
  type WorkflowAction,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../api/notify';
import { runTransition } from '../../api/services';
import { draftFromService, stepErrors } from './formModel';
import { reportWriteError, useServiceCache, writeErrorOutcome } from '../../api/writes';
import { retirementPlanKey } from './retirement/api';

/** Field problems that stopped a transition: i18n keys from the domain's check, or the server's texts. */
export interface TransitionProblems {
  errors: Record<string, string>;
  source: 'keys' | 'texts';
}

interface TransitionCall {
  service: ServiceDetail;
  action: WorkflowAction;
  /** What a step that takes a status notice tells the public. */
  notice?: StatusNoticeInput | undefined;
}

/**
 * Runs a workflow action with the version that was read. Validation-gated actions are checked
 * first with the domain's own rules (the step's message + "Validation not passed"), so the user
 * sees the fields at once; the server checks the same again. Success says "status changed" with
 * the new status; refusals say "Workflow failed" with the server's message.
 */
export const useRunTransition = (id: string | undefined) => {
  const { t } = useTranslation();
  const { store, reload } = useServiceCache(id);
  const queryClient = useQueryClient();
  // The caller's handler for field problems of the call under way.
  const onInvalidRef = useRef<((problems: TransitionProblems) => void) | undefined>(undefined);

  const mutation = useMutation({
    mutationFn: ({ service, action, notice }: TransitionCall) =>
      runTransition(service.id, { action, version: service.version, ...(notice ? { notice } : {}) }),
    onSuccess: (next) => {
      store(next);
      notifySuccess(
        t('workflow.statusChanged'),
        t('workflow.statusChangedText', { state: t(`serviceStates.${next.state}`) }),
      );
    },
    onError: (error) => {
      const outcome = writeErrorOutcome(error);
      if (outcome.kind === 'message' && outcome.fields) {
        notifyError(outcome.message, t('workflow.validationNotPassedText'));
        onInvalidRef.current?.({ errors: outcome.fields, source: 'texts' });
      } else {
        reportWriteError(error, t('workflow.failed'), t, { onConflict: reload });
      }
    },
  });
  const { mutateAsync } = mutation;

  /**
   * The domain's check of a gated step over the service as saved: false (reported, with the fields
   * to `onInvalid`) when the server would refuse it. A step that asks first checks before asking.
   */
  const passes = useCallback(
    (service: ServiceDetail, action: WorkflowAction, onInvalid?: (problems: TransitionProblems) => void): boolean => {
      const step = findTransition(action, service.state)?.validation;
      if (!step) return true;
      // Retiring checks the retirement plan as last read (the server checks it again; unread, it decides alone).
      const errors =
        step === 'retirement'
          ? (queryClient.getQueryData<RetirementPlan>(retirementPlanKey(service.id))?.problems ?? {})
          : stepErrors(draftFromService(service), step);
      if (Object.keys(errors).length === 0) return true;
      notifyError(t(VALIDATION_FAILURE_MESSAGES[step]), t('workflow.validationNotPassedText'));
      onInvalid?.({ errors, source: 'keys' });
      return false;
    },
    [t, queryClient],
  );

  const run = useCallback(
    async (
      service: ServiceDetail,
      action: WorkflowAction,
      onInvalid?: (problems: TransitionProblems) => void,
      notice?: StatusNoticeInput,
    ): Promise<ServiceDetail | null> => {
      if (!passes(service, action, onInvalid)) return null;
      onInvalidRef.current = onInvalid;
      try {
        return await mutateAsync({ service, action, notice });
      } catch {
        // Reported by the mutation's onError.
        return null;
      }
    },
    [passes, mutateAsync],
  );

  return { run, passes, running: mutation.isPending ? (mutation.variables?.action ?? null) : null };
};
