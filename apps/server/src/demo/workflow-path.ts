import {
  findTransition,
  VALIDATION_STEPS,
  type ServiceState,
  type TransitionRule,
  type FieldStep,
  isFieldStep,
  type WorkflowAction,
} from '@nubes/domain';

/** The usual life of a service, from the application draft to online (docs/domain.md#service-workflow). */
const TO_ONLINE: readonly WorkflowAction[] = [
  'completeApplication',
  'planService',
  'backToServiceInformationDraft',
  'submitServiceInformation',
  'readyForIntegration',
  'integrationPlanned',
  'integrationInProgress',
  'serviceCardReview',
  'integrationCompleted',
  'online',
];

/** The states off the main line and the actions that reach them. */
const DETOURS: Partial<Record<ServiceState, readonly WorkflowAction[]>> = {
  application_withdrawn: ['withdrawApplication'],
  service_offer_withdrawn: [...TO_ONLINE.slice(0, 3), 'withdrawServiceOffer'],
  service_not_available: [...TO_ONLINE, 'notAvailable'],
  service_full_capacity_reached: [...TO_ONLINE, 'fullCapacityReached'],
  service_discontinued: [...TO_ONLINE, 'discontinue'],
  service_retired: [...TO_ONLINE, 'discontinue', 'retire'],
};

const walk = (actions: readonly WorkflowAction[], stopAt?: ServiceState): TransitionRule[] => {
  const rules: TransitionRule[] = [];
  let state: ServiceState = 'application_draft';
  for (const action of actions) {
    if (state === stopAt) break;
    const rule = findTransition(action, state);
    if (!rule) throw new Error(`the workflow table has no ${action} from ${state}`);
    rules.push(rule);
    state = rule.to;
  }
  if (stopAt && state !== stopAt) throw new Error(`the demo path does not reach ${stopAt}`);
  return rules;
};

/**
 * The transitions, read from the domain's table, that take a new application to `state`: what
 * the demo history shows. Throws when the table changes so that the path no longer exists.
 */
export const pathTo = (state: ServiceState): TransitionRule[] => {
  const detour = DETOURS[state];
  return detour ? walk(detour) : walk(TO_ONLINE, state);
};

/**
 * The validation a service in `state` has passed on its way there (the strictest gate of its
 * path), or null when it has passed none: its values must pass validateForStep for this step.
 */
export const passedStep = (state: ServiceState): FieldStep | null => {
  let strictest: FieldStep | null = null;
  for (const rule of pathTo(state)) {
    if (
      rule.validation &&
      isFieldStep(rule.validation) &&
      (strictest === null || VALIDATION_STEPS.indexOf(rule.validation) > VALIDATION_STEPS.indexOf(strictest))
    )
      strictest = rule.validation;
  }
  return strictest;
};
