import { isOneOf } from '../one-of.js';
/** The five states of a VO application (docs/domain.md#vo-registration), in the order an application passes them. */
export const VO_STATES = [
  'application_draft',
  'application_received',
  'application_approved',
  'vo_available',
  'application_withdrawn',
] as const;

export type VoState = (typeof VO_STATES)[number];

export const isVoState = isOneOf(VO_STATES);

/** The states in which a VO waits for a supervisor's or the portfolio manager's step; My VOs lists them first. */
export const VO_REVIEW_STATES = ['application_received', 'application_approved'] as const satisfies readonly VoState[];

/** The only state in which the applicant and the deputy change the application's pages. */
export const VO_EDIT_STATE: VoState = 'application_draft';
