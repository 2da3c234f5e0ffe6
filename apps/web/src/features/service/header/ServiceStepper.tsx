import type { ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { serviceSteps } from './serviceSteps';

/**
 * Where the service is on its way from application to online: an ordered list, the step it is at
 * marked `aria-current="step"` and named with its state; done and upcoming steps say so in words
 * for screen readers, since their marks are only drawn.
 */
export const ServiceStepper = ({ state }: { state: ServiceState }) => {
  const { t } = useTranslation();
  return (
    <ol className="service-stepper" aria-label={t('serviceHeader.progress')}>
      {serviceSteps(state).map((step, index) => {
        const here = step.status === 'current' || step.status === 'left';
        return (
          <li
            key={step.key}
            className="service-step"
            data-status={step.status}
            aria-current={here ? 'step' : undefined}
          >
            <span className="service-step-mark" aria-hidden="true">
              {step.status === 'done' ? '✓' : step.status === 'left' ? '–' : index + 1}
            </span>
            <span className="service-step-text">
              <span className="service-step-label">
                {step.key === 'left'
                  ? step.state && t(`serviceStates.${step.state}`)
                  : t(`serviceHeader.steps.${step.key}`)}
              </span>
              {step.status === 'current' && step.state && (
                <span className="service-step-state">{t(`serviceStates.${step.state}`)}</span>
              )}
              {(step.status === 'done' || step.status === 'upcoming') && (
                <span className="visually-hidden">{t(`serviceHeader.stepStatus.${step.status}`)}</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
};
