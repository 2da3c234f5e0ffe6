import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { isIsoDate } from '../services/validation.js';

/**
 * Reviews on a schedule (docs/adr/0116-reviews-on-a-schedule.md): a catalogue service's next review
 * date, the days after a scheduled start at which the provider side is reminded, and after which an
 * unanswered review is overdue.
 */
export const REVIEW_REMINDER_DAYS = [14, 28] as const;
export type ReviewReminderDay = (typeof REVIEW_REMINDER_DAYS)[number];

/** An unanswered review is overdue once its last reminder is due. */
export const REVIEW_OVERDUE_DAYS = 28;

/**
 * At most this many reviews start by themselves on one day, the earliest due first. A portal whose
 * services have no review yet (an upgrade, imported data) would otherwise start every past-due
 * review with its mails in one run; the rest stay "due" on the review list and start on the
 * following days, or by hand.
 */
export const REVIEW_STARTS_PER_DAY = 20;

/** The review list's "due soon" view looks this many days ahead. */
export const REVIEW_DUE_SOON_DAYS = 30;

/** The default months between reviews, and the bounds a portfolio manager may set. */
export const DEFAULT_REVIEW_INTERVAL_MONTHS = 12;
export const MAX_REVIEW_INTERVAL_MONTHS = 60;

/**
 * The review list's schedule filters: `due` a next review date that has come while no review is
 * open, `overdue` a review unanswered past REVIEW_OVERDUE_DAYS, `dueSoon` a next review date in
 * the next REVIEW_DUE_SOON_DAYS days.
 */
export const REVIEW_SCHEDULE_FILTERS = ['due', 'overdue', 'dueSoon'] as const;
export type ReviewScheduleFilter = (typeof REVIEW_SCHEDULE_FILTERS)[number];

const months = z
  .int({ error: msg('validation.invalidType') })
  .min(1, msg('validation.number'))
  .max(MAX_REVIEW_INTERVAL_MONTHS, msg('validation.number'));

/** The portfolio manager's intervals between reviews: one default, one for pilot services. */
export const reviewScheduleSettingsSchema = z
  .object({ defaultMonths: months, pilotMonths: months, version: z.int() })
  .meta({ id: 'ReviewScheduleSettings' });
export type ReviewScheduleSettings = z.infer<typeof reviewScheduleSettingsSchema>;

export const reviewScheduleSettingsRequestSchema = z
  .object({
    defaultMonths: months,
    pilotMonths: months,
    version: z.int({ error: msg('validation.invalidType') }).min(0, msg('validation.invalid')),
  })
  .strict()
  .meta({ id: 'ReviewScheduleSettingsRequest' });
export type ReviewScheduleSettingsRequest = z.infer<typeof reviewScheduleSettingsRequestSchema>;

/** A calendar day, `YYYY-MM-DD`. */
const day = z.string({ error: msg('validation.date') }).refine(isIsoDate, msg('validation.date'));

/** A service's next review date as the portfolio manager sets it; the version is the schedule row's. */
export const nextReviewRequestSchema = z
  .object({
    date: day,
    version: z.int({ error: msg('validation.invalidType') }).min(0, msg('validation.invalid')),
  })
  .strict()
  .meta({ id: 'NextReviewRequest' });
export type NextReviewRequest = z.infer<typeof nextReviewRequestSchema>;

/** A service's next review: the date, whether a portfolio manager set it, the schedule row's version. */
export const nextReviewSchema = z
  .object({
    date: z.string().nullable(),
    setByManager: z.boolean(),
    /** 0 while the service has no schedule row yet. */
    version: z.int(),
  })
  .meta({ id: 'NextReview' });
export type NextReview = z.infer<typeof nextReviewSchema>;
