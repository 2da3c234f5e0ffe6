import type { ServiceState } from '../services/states.js';
import { isOneOf } from '../one-of.js';

/**
 * A service's review status (docs/domain.md#reviews): no review (inactive), waiting for the provider
 * side (running), answered with a change request (editRequired) or with "no changes" (finishedOK).
 */
export const REVIEW_STATUSES = ['inactive', 'running', 'editRequired', 'finishedOK'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const isReviewStatus = isOneOf(REVIEW_STATUSES);

/** A review that has begun and is not ended yet: it shows in the lists and on the service. */
export const OPEN_REVIEW_STATUSES = [
  'running',
  'editRequired',
  'finishedOK',
] as const satisfies readonly ReviewStatus[];

/** Only services in these states can be reviewed (a review can start only here). */
export const REVIEWABLE_STATES = [
  'service_information_draft',
  'integration_planned',
  'integration_in_progress',
  'service_online',
] as const satisfies readonly ServiceState[];

export const isReviewableState = isOneOf(REVIEWABLE_STATES);

export const isOpenReview = isOneOf(OPEN_REVIEW_STATUSES);
