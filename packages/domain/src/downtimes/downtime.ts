import type { Language } from '../i18n/core.js';
import { isOneOf } from '../one-of.js';
import { hasAnyRole } from '../roles.js';
import { isProviderSide, type ServiceRelation } from '../services/access.js';
import type { ServiceState } from '../services/states.js';

/**
 * Announced downtimes (docs/adr/0124-announced-downtimes.md): the provider side announces when a
 * catalogue service is down (an outage) or runs with less (degraded), ahead of time; the scheduler
 * starts and ends them.
 */
export const DOWNTIME_SEVERITIES = ['outage', 'degraded'] as const;
export type DowntimeSeverity = (typeof DOWNTIME_SEVERITIES)[number];
export const isDowntimeSeverity = isOneOf(DOWNTIME_SEVERITIES);

/** Where a downtime stands, derived from the time, its start and end and its cancellation (downtimeState). */
export const DOWNTIME_STATES = ['coming', 'current', 'ended', 'cancelled'] as const;
export type DowntimeState = (typeof DOWNTIME_STATES)[number];
export const isDowntimeState = isOneOf(DOWNTIME_STATES);

/** The states the public sees: what is running now and what is coming. */
export const PUBLIC_DOWNTIME_STATES = ['coming', 'current'] as const satisfies readonly DowntimeState[];

/** The catalogue states: only a service in one of them gets a downtime announced. */
export const DOWNTIME_SERVICE_STATES = [
  'service_online',
  'service_not_available',
  'service_full_capacity_reached',
] as const satisfies readonly ServiceState[];
export const isDowntimeServiceState = (state: ServiceState): boolean =>
  (DOWNTIME_SERVICE_STATES as readonly ServiceState[]).includes(state);

/** The states an outage's end may bring a service back to: the one it had before the start. */
export const DOWNTIME_RESTORABLE_STATES = [
  'service_online',
  'service_full_capacity_reached',
] as const satisfies readonly ServiceState[];

export const DOWNTIME_DESCRIPTION_MAX = 2000;

/** The public portfolio names a coming downtime on a service's row this many days ahead. */
export const DOWNTIME_PORTFOLIO_DAYS_AHEAD = 14;

/** The calendar feed of all services keeps the downtimes ended within this many days. */
export const DOWNTIME_FEED_ENDED_DAYS = 30;

/** The service's downtime list answers at most this many downtimes. */
export const DOWNTIME_LIST_MAX = 50;

export interface DowntimeTimes {
  startsAt: Date | string;
  endsAt: Date | string;
  cancelledAt: Date | string | null;
}

const time = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** A downtime's state at `now`: cancelled wins; else coming before the start, ended from the end on, current between. */
export const downtimeState = (now: Date, downtime: DowntimeTimes): DowntimeState => {
  if (downtime.cancelledAt !== null) return 'cancelled';
  const at = now.getTime();
  if (at < time(downtime.startsAt)) return 'coming';
  if (at >= time(downtime.endsAt)) return 'ended';
  return 'current';
};

/** The description in the reader's language, else the other one (at least one is written). */
export const downtimeDescription = (
  language: Language,
  downtime: { descriptionEn: string; descriptionDe: string },
): string => {
  const [first, second] =
    language === 'de'
      ? [downtime.descriptionDe, downtime.descriptionEn]
      : [downtime.descriptionEn, downtime.descriptionDe];
  return first.trim() !== '' ? first : second;
};

/**
 * Who announces, ends early, extends and cancels a service's downtimes: those who may take the
 * service's catalogue steps (not available, back online): its provider side and the portfolio manager.
 */
export const canManageDowntimes = (r: ServiceRelation): boolean =>
  isProviderSide(r) || hasAnyRole(r.roles, ['servicePortfolioManager']);
