import { isOneOf } from '../one-of.js';

/**
 * Pilot services (docs/adr/0121-pilot-services.md): a service is a regular service or a pilot,
 * beside its service type. A pilot is limited to PILOT_MONTHS from the day it went online, which
 * the portfolio manager may move once, later.
 */
export const SERVICE_KINDS = ['regular', 'pilot'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const isServiceKind = isOneOf(SERVICE_KINDS);

/** A pilot ends this many months after it went online, unless extended. */
export const PILOT_MONTHS = 12;

/**
 * Where a running pilot stands, derived from today and its end: a notice 6 and 3 months before the
 * end (at 6 and 9 months of a pilot not extended), the decision due from the end on.
 */
export const PILOT_STATES = ['running', 'notice6', 'notice9', 'decisionDue'] as const;
export type PilotState = (typeof PILOT_STATES)[number];

/** The states the pilot notices job marks once per pilot end, each with its months before the end. */
export const PILOT_NOTICE_KINDS = ['notice6', 'notice9', 'decisionDue'] as const;
export type PilotNoticeKind = (typeof PILOT_NOTICE_KINDS)[number];
export const isPilotNoticeKind = isOneOf(PILOT_NOTICE_KINDS);
export const PILOT_NOTICE_MONTHS_BEFORE_END: Record<PilotNoticeKind, number> = {
  notice6: 6,
  notice9: 3,
  decisionDue: 0,
};

/** The notices mailed to the provider side and the portfolio manager; the decision due is marked only. */
export const MAILED_PILOT_NOTICES: readonly PilotNoticeKind[] = ['notice6', 'notice9'];

export const PILOT_EXTENSION_REASON_MAX = 1000;
