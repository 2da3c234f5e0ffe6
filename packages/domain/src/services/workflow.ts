import { hasAnyRole } from '../roles.js';
import { PIPELINE_STATES, type ServiceState } from './states.js';
import { isFieldStep, type FieldStep } from './field-types.js';
import type { MessageKey } from '../i18n/types.js';

/**
 * Who may take a workflow action: the provider side of the service (object owner,
 * service owner, further admins, service manager), the service portfolio manager (spm) or the
 * service integration manager (sim). portalManager may do everything any of them may.
 */
type WorkflowActor = 'provider' | 'spm' | 'sim';

/**
 * The checks that must pass before the transition: the gated steps. The first four check the
 * service's fields; `retirement` checks its retirement plan (docs/adr/0122-retirement-plan.md).
 */
export type ValidationStep = 'application' | 'serviceInformation' | 'serviceCard' | 'online' | 'retirement';

/** The message (an i18n key) a gated step answers with when its validation fails. */
export const VALIDATION_FAILURE_MESSAGES: Readonly<Record<ValidationStep, MessageKey>> = {
  application: 'workflow.cannotCompleteApplication',
  serviceInformation: 'workflow.cannotSubmitServiceInformation',
  serviceCard: 'workflow.cannotChangeToCardReview',
  online: 'workflow.cannotBringOnline',
  retirement: 'workflow.cannotRetire',
};

export const WORKFLOW_ACTIONS = [
  'withdrawApplication',
  'completeApplication',
  'backToDraft',
  'backToApplicationDraft',
  'planService',
  'backToApplicationReceived',
  'withdrawServiceOffer',
  'backToServiceInformationDraft',
  'submitServiceInformation',
  'backToServiceInformationReceived',
  'readyForIntegration',
  'integrationPlanned',
  'integrationInProgress',
  'serviceCardReview',
  'integrationCompleted',
  'online',
  'notAvailable',
  'fullCapacityReached',
  'discontinue',
  'retire',
] as const;

export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export interface TransitionRule {
  action: WorkflowAction;
  from: ServiceState;
  to: ServiceState;
  who: readonly WorkflowActor[];
  /** Validation that must pass first (†). */
  validation?: ValidationStep;
  /**
   * The action asks for a confirmation; the value is the i18n key of its text. Every step that
   * changes what the public portfolio shows, or cannot be undone by the one who takes it, asks
   * (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md).
   */
  confirm?: MessageKey;
  /** The step takes a status notice: a reason shown to the public and an expected end (statusNoticeSchema). */
  notice?: true;
}

const PROVIDER_SPM: readonly WorkflowActor[] = ['provider', 'spm'];
const SPM: readonly WorkflowActor[] = ['spm'];
const SIM_SPM: readonly WorkflowActor[] = ['sim', 'spm'];

const rows = (
  action: WorkflowAction,
  from: readonly ServiceState[],
  to: ServiceState,
  who: readonly WorkflowActor[],
  extra: Pick<TransitionRule, 'validation' | 'confirm' | 'notice'> = {},
): TransitionRule[] => from.map((state) => ({ action, from: state, to, who, ...extra }));

/**
 * The service workflow's transition table (ADR 7), one row per (action, from-state). Server and web read only this;
 * a test walks every row and every pair that is not one.
 */
export const TRANSITIONS: readonly TransitionRule[] = [
  ...rows('withdrawApplication', ['application_draft', 'application_received'], 'application_withdrawn', PROVIDER_SPM, {
    confirm: 'workflow.confirm.withdrawApplication',
  }),
  ...rows('completeApplication', ['application_draft'], 'application_received', PROVIDER_SPM, {
    validation: 'application',
  }),
  ...rows('backToDraft', ['application_received'], 'application_draft', PROVIDER_SPM),
  ...rows('backToApplicationDraft', ['application_withdrawn'], 'application_draft', PROVIDER_SPM),
  ...rows('planService', ['application_received'], 'service_planned', SPM),
  ...rows('backToApplicationReceived', ['service_planned'], 'application_received', SPM),
  ...rows('withdrawServiceOffer', PIPELINE_STATES, 'service_offer_withdrawn', PROVIDER_SPM, {
    confirm: 'workflow.confirm.withdrawServiceOffer',
  }),
  ...rows(
    'backToServiceInformationDraft',
    ['service_planned', 'service_information_received'],
    'service_information_draft',
    PROVIDER_SPM,
  ),
  // Only a portfolio manager can reactivate a withdrawn offer (the confirmation says so).
  ...rows('backToServiceInformationDraft', ['service_offer_withdrawn'], 'service_information_draft', SPM),
  ...rows('submitServiceInformation', ['service_information_draft'], 'service_information_received', PROVIDER_SPM, {
    validation: 'serviceInformation',
  }),
  ...rows('backToServiceInformationReceived', ['ready_for_integration'], 'service_information_received', [
    'spm',
    'sim',
  ]),
  ...rows('readyForIntegration', ['service_information_received'], 'ready_for_integration', SPM),
  ...rows('integrationPlanned', ['ready_for_integration'], 'integration_planned', SIM_SPM),
  ...rows('integrationInProgress', ['integration_planned', 'service_card_review'], 'integration_in_progress', SIM_SPM),
  ...rows('serviceCardReview', ['integration_in_progress'], 'service_card_review', SIM_SPM, {
    validation: 'serviceCard',
  }),
  ...rows('integrationCompleted', ['service_card_review'], 'integration_completed', SIM_SPM),
  ...rows('online', ['integration_completed'], 'service_online', SPM, {
    validation: 'online',
    confirm: 'workflow.confirm.goOnline',
  }),
  ...rows('online', ['service_not_available', 'service_full_capacity_reached'], 'service_online', PROVIDER_SPM, {
    confirm: 'workflow.confirm.backOnline',
  }),
  ...rows('notAvailable', ['service_online', 'service_full_capacity_reached'], 'service_not_available', PROVIDER_SPM, {
    confirm: 'workflow.confirm.notAvailable',
    notice: true,
  }),
  ...rows(
    'fullCapacityReached',
    ['service_online', 'service_not_available'],
    'service_full_capacity_reached',
    PROVIDER_SPM,
    { confirm: 'workflow.confirm.fullCapacityReached', notice: true },
  ),
  ...rows(
    'discontinue',
    ['service_online', 'service_not_available', 'service_full_capacity_reached'],
    'service_discontinued',
    SPM,
    { confirm: 'workflow.confirm.discontinue' },
  ),
  ...rows('retire', ['service_discontinued'], 'service_retired', SPM, {
    validation: 'retirement',
    confirm: 'workflow.confirm.retire',
  }),
];

/** The states a step with a status notice leads to: only there does a service show one. */
export const STATUS_NOTICE_STATES: readonly ServiceState[] = [
  ...new Set(TRANSITIONS.filter((rule) => rule.notice).map((rule) => rule.to)),
];

export const findTransition = (action: WorkflowAction, from: ServiceState): TransitionRule | undefined =>
  TRANSITIONS.find((rule) => rule.action === action && rule.from === from);

/** What the caller is, as far as the workflow cares. */
export interface WorkflowContext {
  roles: readonly string[];
  isProviderSide: boolean;
}

const mayTake = (rule: TransitionRule, context: WorkflowContext): boolean =>
  rule.who.some((actor) => {
    if (actor === 'provider') return context.isProviderSide || hasAnyRole(context.roles, []);
    if (actor === 'spm') return hasAnyRole(context.roles, ['servicePortfolioManager']);
    return hasAnyRole(context.roles, ['serviceIntegrationManager']);
  });

/** The actions this caller may take now: exactly what the "manage status" tab offers. */
export const availableTransitions = (state: ServiceState, context: WorkflowContext): TransitionRule[] =>
  TRANSITIONS.filter((rule) => rule.from === state && mayTake(rule, context));

export type TransitionVerdict =
  { ok: true; rule: TransitionRule } | { ok: false; reason: 'notAllowedFromState' | 'forbidden' };

/** The order of the checks is the order of the HTTP answers: 409 before 403. */
export const checkTransition = (
  action: WorkflowAction,
  from: ServiceState,
  context: WorkflowContext,
): TransitionVerdict => {
  const rule = findTransition(action, from);
  if (!rule) return { ok: false, reason: 'notAllowedFromState' };
  if (!mayTake(rule, context)) return { ok: false, reason: 'forbidden' };
  return { ok: true, rule };
};

/**
 * The step that moves a service on toward online, for each state on the way there. Its rule's first
 * actor is the one whose work it is (the others in `who` may stand in): the provider writes, the
 * portfolio manager decides, the integration manager integrates.
 */
const NEXT_STEPS = {
  application_draft: 'completeApplication',
  application_received: 'planService',
  // The way on from a planned service is writing its service information (the action's name says back).
  service_planned: 'backToServiceInformationDraft',
  service_information_draft: 'submitServiceInformation',
  service_information_received: 'readyForIntegration',
  ready_for_integration: 'integrationPlanned',
  integration_planned: 'integrationInProgress',
  integration_in_progress: 'serviceCardReview',
  service_card_review: 'integrationCompleted',
  integration_completed: 'online',
} as const satisfies Partial<Record<ServiceState, WorkflowAction>>;

// More steps than the way to online has: the walk below ends even if the table ever loops.
const NEXT_STEP_STATES_MAX = 20;

/**
 * The validation a "Check" of the service information runs: the next gated step on the service's
 * way to online (the rule that step's submit runs). Off that way: a withdrawn application is
 * checked as an application, a withdrawn offer as service information, a service in or past the
 * catalogue against what it needed to go online.
 */
export const checkStepFor = (state: ServiceState): FieldStep => {
  let current: ServiceState = state;
  for (let guard = 0; guard < NEXT_STEP_STATES_MAX; guard++) {
    const action = (NEXT_STEPS as Partial<Record<ServiceState, NextStepAction>>)[current];
    const rule = action && findTransition(action, current);
    if (!rule) break;
    if (rule.validation && isFieldStep(rule.validation)) return rule.validation;
    current = rule.to;
  }
  if (state === 'application_withdrawn') return 'application';
  if (state === 'service_offer_withdrawn') return 'serviceInformation';
  return 'online';
};
/** The actions that are a service's next step from some state. */
export type NextStepAction = (typeof NEXT_STEPS)[keyof typeof NEXT_STEPS];
export const NEXT_STEP_ACTIONS = [...new Set(Object.values(NEXT_STEPS))] as readonly NextStepAction[];

/**
 * The next step of a service in this state when it waits for the caller: the caller may take it
 * (checkTransition, the server's own rule) and is the actor whose work it is; null otherwise.
 */
export const nextStepFor = (state: ServiceState, context: WorkflowContext): NextStepAction | null => {
  const action = (NEXT_STEPS as Partial<Record<ServiceState, NextStepAction>>)[state];
  if (!action) return null;
  const verdict = checkTransition(action, state, context);
  if (!verdict.ok) return null;
  return mayTake({ ...verdict.rule, who: verdict.rule.who.slice(0, 1) }, context) ? action : null;
};
