import { anyOf, fact, holds, type Rule } from '../access/rules.js';
import { hasAnyRole, type Role } from '../roles.js';
import { VO_EDIT_STATE, type VoState } from './states.js';

/**
 * Who may take a VO step: the VO's managers (its applicant and deputy), the VO supervisors, the
 * service portfolio manager (spm). portalManager passes every role check, so it may do what spm may.
 */
export type VoActor = 'manager' | 'supervisor' | 'spm';

export const VO_ACTIONS = ['send', 'approve', 'makeAvailable', 'withdraw', 'backToDraft'] as const;
export type VoAction = (typeof VO_ACTIONS)[number];

export interface VoTransitionRule {
  action: VoAction;
  from: VoState;
  to: VoState;
  who: readonly VoActor[];
  /** The application must pass the send check first: policies accepted, terms confirmed, every page valid. */
  sendCheck?: true;
  /** The step must carry a comment: the supervisor says what to change. */
  commentRequired?: true;
}

const MANAGER: readonly VoActor[] = ['manager'];
const REVIEWER: readonly VoActor[] = ['supervisor', 'spm'];

/**
 * The VO workflow's transition table (docs/adr/0040-vo-registration.md), one row per (action, from-state).
 * Server and web read only this; a test walks every row and every pair that is not one.
 */
export const VO_TRANSITIONS: readonly VoTransitionRule[] = [
  { action: 'send', from: 'application_draft', to: 'application_received', who: MANAGER, sendCheck: true },
  { action: 'approve', from: 'application_received', to: 'application_approved', who: REVIEWER },
  { action: 'makeAvailable', from: 'application_approved', to: 'vo_available', who: REVIEWER },
  { action: 'withdraw', from: 'application_draft', to: 'application_withdrawn', who: MANAGER },
  { action: 'withdraw', from: 'application_received', to: 'application_withdrawn', who: MANAGER },
  {
    action: 'backToDraft',
    from: 'application_received',
    to: 'application_draft',
    who: REVIEWER,
    commentRequired: true,
  },
  { action: 'backToDraft', from: 'application_withdrawn', to: 'application_draft', who: MANAGER },
];

export const findVoTransition = (action: VoAction, from: VoState): VoTransitionRule | undefined =>
  VO_TRANSITIONS.find((rule) => rule.action === action && rule.from === from);

/** What the caller is, as far as a VO cares: the roles, and whether they are the VO's applicant or deputy. */
export interface VoActorContext {
  roles: readonly string[];
  isManager: boolean;
}

const ACTOR_ROLES: Record<Exclude<VoActor, 'manager'>, readonly Role[]> = {
  supervisor: ['voSupervisor'],
  spm: ['servicePortfolioManager'],
};

const isActor = (actor: VoActor, context: VoActorContext): boolean =>
  actor === 'manager' ? context.isManager : hasAnyRole(context.roles, ACTOR_ROLES[actor]);

const mayTakeVoRule = (rule: VoTransitionRule, context: VoActorContext): boolean =>
  rule.who.some((actor) => isActor(actor, context));

/** The rows this caller may take from the state: exactly what the VO view offers. */
export const availableVoTransitions = (state: VoState, context: VoActorContext): VoTransitionRule[] =>
  VO_TRANSITIONS.filter((rule) => rule.from === state && mayTakeVoRule(rule, context));

/** The actions this caller may take on a VO in this state now. */
export const voActionsFor = (state: VoState, context: VoActorContext): VoAction[] =>
  availableVoTransitions(state, context).map((rule) => rule.action);

export type VoTransitionVerdict =
  { ok: true; rule: VoTransitionRule } | { ok: false; reason: 'notAllowedFromState' | 'forbidden' };

/** The order of the checks is the order of the HTTP answers: 409 before 403. */
export const checkVoTransition = (action: VoAction, from: VoState, context: VoActorContext): VoTransitionVerdict => {
  const rule = findVoTransition(action, from);
  if (!rule) return { ok: false, reason: 'notAllowedFromState' };
  if (!mayTakeVoRule(rule, context)) return { ok: false, reason: 'forbidden' };
  return { ok: true, rule };
};

/** Who reads a VO: its applicant and deputy, the VO supervisors and the portfolio manager; others get 404. */
export const voVisibilityRule = (roles: readonly string[]): Rule<VoFact> =>
  anyOf(fact('isVoManager'), hasAnyRole(roles, ['voSupervisor', 'servicePortfolioManager']));

/** What the VO rule asks of one VO: whether the caller is its applicant or deputy. */
export type VoFact = 'isVoManager';

export const canReadVo = (context: VoActorContext): boolean =>
  holds(voVisibilityRule(context.roles), { isVoManager: context.isManager });

/** Who reviews VO applications (and sees every VO waiting for a step in My VOs). */
export const isVoReviewer = (roles: readonly string[]): boolean =>
  hasAnyRole(roles, ['voSupervisor', 'servicePortfolioManager']);

/** The pages change only in draft, and only by the VO's managers. */
export const canEditVo = (state: VoState, context: VoActorContext): boolean =>
  state === VO_EDIT_STATE && context.isManager;

/** The roles that get a mail of a VO step besides its applicant and deputy: the supervisors review what is sent. */
export const VO_MAIL_REVIEWERS: Readonly<Record<VoAction, readonly Role[]>> = {
  send: ['voSupervisor'],
  approve: [],
  makeAvailable: [],
  withdraw: [],
  backToDraft: [],
};
