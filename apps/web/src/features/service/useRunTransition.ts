import { findTransition, type ServiceDetail, type WorkflowAction } from '@nubes/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../app/notify';
import { runTransition } from './api';
import { draftFromService, STEP_FAILURE_KEYS, stepErrors } from './formModel';
import { reportWriteError, useServiceCache } from './writes';

/** Field problems that stopped a transition: i18n keys from the domain's check, or the server's texts. */
export interface TransitionProblems {
  errors: Record<string, string>;
  source: 'keys' | 'texts';
}

/**
 * Runs a workflow action (DESIGN §2) with the version that was read. Validation-gated actions are
 * checked first with the domain's own rules ("Validation not passed" + the step's message), so the
 * user sees the fields at once; the server checks the same again. Success says "status changed"
 * with the new status; refusals say "Workflow failed" with the server's message.
 */
export const useRunTransition = (id: string | undefined) => {
  const { t } = useTranslation();
  const { store, reload } = useServiceCache(id);
  const [running, setRunning] = useState<WorkflowAction | null>(null);

  const run = useCallback(
    async (
      service: ServiceDetail,
      action: WorkflowAction,
      onInvalid?: (problems: TransitionProblems) => void,
    ): Promise<ServiceDetail | null> => {
      const step = findTransition(action, service.state)?.validation;
      if (step) {
        const errors = stepErrors(draftFromService(service), step);
        if (Object.keys(errors).length > 0) {
          notifyError(t('service.validationNotPassed'), t(STEP_FAILURE_KEYS[step]));
          onInvalid?.({ errors, source: 'keys' });
          return null;
        }
      }
      setRunning(action);
      try {
        const next = await runTransition(service.id, { action, version: service.version });
        store(next);
        notifySuccess(
          t('workflow.statusChanged'),
          t('workflow.statusChangedText', { state: t(`serviceStates.${next.state}`) }),
        );
        return next;
      } catch (error) {
        if (isApiError(error) && error.status === 400 && error.fields && Object.keys(error.fields).length > 0) {
          notifyError(t('service.validationNotPassed'), error.message);
          onInvalid?.({ errors: error.fields, source: 'texts' });
        } else {
          reportWriteError(error, t('workflow.failed'), t, { onConflict: reload });
        }
        return null;
      } finally {
        setRunning(null);
      }
    },
    [t, store, reload],
  );

  return { run, running };
};
