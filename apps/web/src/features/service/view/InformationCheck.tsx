import { Alert, Button, Text } from '@mantine/core';
import { checkStepFor, TRANSITIONS, type ServiceDetail, type ValidationStep } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { FieldProblemList } from '../components/FieldProblemList';
import { stepErrors } from '../formModel';
import type { ServiceDraft } from '../useServiceDraft';

/** The workflow action whose validation a step is: its name is what the person knows. */
const actionOfStep = (step: ValidationStep) => TRANSITIONS.find((rule) => rule.validation === step)!.action;

interface Outcome {
  step: ValidationStep;
  errors: Record<string, string>;
}

/**
 * "Check": runs the validation of the service's next gated step (checkStepFor, the rule the step's
 * submit runs, from the domain package) over what is typed now, without saving or changing anything.
 * It says "Validation passed", or lists the problems, each a link that takes the person to the field.
 */
export const useInformationCheck = (service: ServiceDetail, draft: ServiceDraft) => {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const check = () => {
    const step = checkStepFor(service.state);
    const errors = stepErrors(draft.values, step);
    const stepName = t(`workflow.actions.${actionOfStep(step)}`);
    setOutcome({ step, errors });
    if (Object.keys(errors).length === 0) {
      notifySuccess(t('service.validationPassed'), t('service.validationPassedText', { step: stepName }));
    } else {
      draft.showErrors(errors, 'keys');
      notifyError(t('service.validationNotPassed'), t('service.validationNotPassedText'));
    }
  };
  return { outcome, check, clear: () => setOutcome(null) };
};

export const CheckButton = ({ onCheck, disabled }: { onCheck: () => void; disabled?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={onCheck} disabled={disabled} title={t('service.checkHint')}>
      {t('service.check')}
    </Button>
  );
};

export interface CheckResultProps {
  outcome: Outcome | null;
  /** Takes the person to a field: its page first, then the focus. */
  onShowField: (key: string) => void;
}

export const CheckResult = ({ outcome, onShowField }: CheckResultProps) => {
  const { t } = useTranslation();
  if (!outcome) return null;
  const stepName = t(`workflow.actions.${actionOfStep(outcome.step)}`);
  const keys = Object.keys(outcome.errors);
  if (keys.length === 0)
    return (
      // The page's text colour for the title: Mantine's green on its tint stays under 4.5:1.
      <Alert
        color="green"
        title={t('service.validationPassed')}
        role="status"
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {t('service.validationPassedText', { step: stepName })}
      </Alert>
    );
  return (
    <Alert color="red" title={t('service.validationNotPassed')} role="status">
      <Text size="sm">{t('service.checkProblems', { count: keys.length, step: stepName })}</Text>
      <FieldProblemList errors={outcome.errors} source="keys" onShowField={onShowField} />
    </Alert>
  );
};
