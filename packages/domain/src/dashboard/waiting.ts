import type { ChangeRequestAction, ChangeRequestState } from '../change-requests/states.js';
import { changeRequestActions } from '../change-requests/states.js';
import { availableReviewActions, type ManualReviewAction, type ReviewCaller } from '../reviews/transitions.js';
import type { ReviewStatus } from '../reviews/statuses.js';
import { isProviderSide, type ServiceRelation } from '../services/access.js';
import type { ServiceState } from '../services/states.js';
import {
  canChangeResourcePackage,
  resourcePackageActions,
  type ResourcePackageState,
} from '../resource-packages/states.js';
import type { VoState } from '../vos/states.js';
import { voActionsFor, type VoAction, type VoActorContext } from '../vos/workflow.js';

/**
 * What a change request waits for, when the caller may take it: its authors hand a draft in, the
 * portfolio manager decides on a handed-in one and applies a released one. Withdrawing and editing
 * are possible but never owed, so they make nothing wait.
 */
export const CHANGE_REQUEST_DUE = ['handIn', 'decide', 'apply'] as const satisfies readonly ChangeRequestAction[];
export type ChangeRequestDue = (typeof CHANGE_REQUEST_DUE)[number];

export const changeRequestDueFor = (
  relation: ServiceRelation,
  state: ChangeRequestState,
  fromIntegrationManager: boolean,
): ChangeRequestDue | null => {
  const actions = changeRequestActions(relation, state, fromIntegrationManager);
  return CHANGE_REQUEST_DUE.find((action) => actions.includes(action)) ?? null;
};

/**
 * What a review waits for, when the caller may take it: the provider side answers a running review,
 * the portfolio manager ends an answered one. A running review waits for the provider, though the
 * portfolio manager could stop or end it.
 */
export const REVIEW_DUE = ['confirm', 'end'] as const satisfies readonly ManualReviewAction[];
export type ReviewDue = (typeof REVIEW_DUE)[number];

export const reviewDueFor = (status: ReviewStatus, state: ServiceState, caller: ReviewCaller): ReviewDue | null => {
  const actions = availableReviewActions(status, state, caller);
  if (actions.includes('confirm')) return 'confirm';
  return status !== 'running' && actions.includes('end') ? 'end' : null;
};

/** What a VO waits for, when the caller may take it: its managers send the draft, reviewers approve and make available. */
export const VO_DUE = ['send', 'approve', 'makeAvailable'] as const satisfies readonly VoAction[];
export type VoDue = (typeof VO_DUE)[number];

export const voDueFor = (state: VoState, context: VoActorContext): VoDue | null => {
  const actions = voActionsFor(state, context);
  return VO_DUE.find((action) => actions.includes(action)) ?? null;
};

/**
 * What a resource package waits for, when the caller may take it: its reviewers decide a submitted
 * one (the review table's approve or reject), its provider side reworks a rejected one (an edit
 * starts the review over). The portfolio manager may edit packages too, but the rework is the
 * provider's, as with a service's next step.
 */
export const RESOURCE_PACKAGE_DUE = ['review', 'rework'] as const;
export type ResourcePackageDue = (typeof RESOURCE_PACKAGE_DUE)[number];

export const resourcePackageDueFor = (
  relation: ServiceRelation,
  state: ResourcePackageState,
): ResourcePackageDue | null => {
  if (resourcePackageActions(relation, state).includes('approve')) return 'review';
  return state === 'rejected' && isProviderSide(relation) && canChangeResourcePackage(relation, state)
    ? 'rework'
    : null;
};
