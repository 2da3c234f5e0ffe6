import { hasAnyRole } from '../roles.js';
import type { ServiceState } from '../services/states.js';
import { isReviewableState, type ReviewStatus } from './statuses.js';

/**
 * What happens to a review, and who does it: the portfolio manager (spm) starts, stops and ends;
 * the provider side confirms "no changes"; handing in a change request (system, from the change
 * request's own command) marks it editRequired. portalManager may do everything.
 *
 * stop vs end (ADR 0029): stop takes back a review nobody has answered yet, as if it had never been
 * started; end closes a review round, answered or not, and keeps its outcome as the service's last
 * review. Both leave the service inactive, ready for the next start.
 */
export const REVIEW_ACTIONS = ['start', 'stop', 'end', 'confirm', 'editRequired'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The actions a person takes over the API (editRequired follows a change request's hand-in). */
export const MANUAL_REVIEW_ACTIONS = ['start', 'stop', 'end', 'confirm'] as const satisfies readonly ReviewAction[];
export type ManualReviewAction = (typeof MANUAL_REVIEW_ACTIONS)[number];

/** The actions that apply to every service of a filtered list at once. */
export const BULK_REVIEW_ACTIONS = ['start', 'stop', 'end'] as const satisfies readonly ReviewAction[];
export type BulkReviewAction = (typeof BULK_REVIEW_ACTIONS)[number];

type ReviewActor = 'spm' | 'provider' | 'system';

export interface ReviewRule {
  action: ReviewAction;
  from: readonly ReviewStatus[];
  to: ReviewStatus;
  who: ReviewActor;
  /** Only while the service is in a reviewable state. */
  needsReviewableState?: true;
}

export const REVIEW_RULES: readonly ReviewRule[] = [
  { action: 'start', from: ['inactive'], to: 'running', who: 'spm', needsReviewableState: true },
  { action: 'stop', from: ['running'], to: 'inactive', who: 'spm' },
  { action: 'end', from: ['running', 'editRequired', 'finishedOK'], to: 'inactive', who: 'spm' },
  { action: 'confirm', from: ['running'], to: 'finishedOK', who: 'provider' },
  { action: 'editRequired', from: ['running'], to: 'editRequired', who: 'system' },
];

export const reviewRule = (action: ReviewAction): ReviewRule => REVIEW_RULES.find((rule) => rule.action === action)!;

export interface ReviewCaller {
  roles: readonly string[];
  isProviderSide: boolean;
}

export type ReviewVerdict =
  { ok: true; rule: ReviewRule } | { ok: false; reason: 'forbidden' | 'notAllowedFromStatus' | 'notReviewable' };

const mayAct = (who: ReviewActor, caller: ReviewCaller): boolean => {
  if (who === 'system') return false;
  if (who === 'spm') return hasAnyRole(caller.roles, ['servicePortfolioManager']);
  return caller.isProviderSide || hasAnyRole(caller.roles, []);
};

/**
 * Whether the caller may take the action on a service with this review status and state. The
 * answer order is the API's: not the caller's to take (403), then not from this status or state (409).
 */
export const checkReviewAction = (
  action: ManualReviewAction,
  status: ReviewStatus,
  state: ServiceState,
  caller: ReviewCaller,
): ReviewVerdict => {
  const rule = reviewRule(action);
  if (!mayAct(rule.who, caller)) return { ok: false, reason: 'forbidden' };
  if (!rule.from.includes(status)) return { ok: false, reason: 'notAllowedFromStatus' };
  if (rule.needsReviewableState && !isReviewableState(state)) return { ok: false, reason: 'notReviewable' };
  return { ok: true, rule };
};

/** The manual actions this caller may take now (what the screens offer). */
export const availableReviewActions = (
  status: ReviewStatus,
  state: ServiceState,
  caller: ReviewCaller,
): ManualReviewAction[] =>
  MANUAL_REVIEW_ACTIONS.filter((action) => checkReviewAction(action, status, state, caller).ok);

/** Whether a service with this status and state takes part in a bulk action of the list. */
export const isBulkEligible = (action: BulkReviewAction, status: ReviewStatus, state: ServiceState): boolean => {
  const rule = reviewRule(action);
  return rule.from.includes(status) && (!rule.needsReviewableState || isReviewableState(state));
};
