import './header.css';
import type { ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { serviceSteps, type ServiceStep } from './serviceSteps';

/**
 * Where the service is on its way from application to online: an ordered list, the step it is at
 * marked `aria-current="step"` and named with its state; done and upcoming steps say so in words
 * for screen readers, since their marks are only drawn. A phone has no room for the steps' words
 * under their marks: it shows the marks and one line below them that names the current step.
 */
export const ServiceStepper = ({ state }: { state: ServiceState }) => {
  const { t } = useTranslation();
  const steps = serviceSteps(state);
  const labelOf = (step: ServiceStep): string =>
    step.key === 'left' ? (step.state ? t(`serviceStates.${step.state}`) : '') : t(`serviceHeader.steps.${step.key}`);
  const hereIndex = steps.findIndex((step) => step.status === 'current' || step.status === 'left');
  const here = steps[hereIndex];

  return (
    <div className="service-progress">
      <ol className="service-stepper" aria-label={t('serviceHeader.progress')}>
        {steps.map((step, index) => (
          <li
            key={step.key}
            className="service-step"
            data-status={step.status}
            aria-current={index === hereIndex ? 'step' : undefined}
          >
            <span className="service-step-mark" aria-hidden="true">
              {step.status === 'done' ? '✓' : step.status === 'left' ? '–' : index + 1}
            </span>
            <span className="service-step-text">
              <span className="service-step-label">{labelOf(step)}</span>
              {step.status === 'current' && step.state && (
                <span className="service-step-state">{t(`serviceStates.${step.state}`)}</span>
              )}
              {(step.status === 'done' || step.status === 'upcoming') && (
                <span className="visually-hidden">{t(`serviceHeader.stepStatus.${step.status}`)}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {here && (
        // What the list says already, drawn once for the eye on a phone.
        <p className="service-progress-summary" aria-hidden="true">
          {here.status === 'left'
            ? labelOf(here)
            : t('serviceHeader.stepSummary', {
                number: hereIndex + 1,
                total: steps.length,
                name: labelOf(here),
                state: here.state ? t(`serviceStates.${here.state}`) : '',
              })}
        </p>
      )}
    </div>
  );
};
