import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { listPageFields, MAX_PAGE_SIZE } from '../schemas/list-query.js';
import { SERVICE_STATES } from '../services/states.js';
import { BULK_REVIEW_ACTIONS, MANUAL_REVIEW_ACTIONS } from './transitions.js';
import { REVIEW_STATUSES } from './statuses.js';
import { nextReviewSchema, REVIEW_SCHEDULE_FILTERS } from './schedule.js';

const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });
const statusSchema = z.enum(REVIEW_STATUSES, { error: msg('validation.option') });
const stateSchema = z.enum(SERVICE_STATES, { error: msg('validation.option') });

/** The portfolio tabs that hold reviewable states: the review list narrows by them. */
export const REVIEW_TABS = ['pipeline', 'catalogue'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

export const REVIEW_SORTS = ['name', 'serviceId', 'state', 'provider', 'status', 'startedAt'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** What selects the services of the review list; a bulk action names the same. */
export const reviewFiltersSchema = z
  .object({
    tab: z.enum(REVIEW_TABS, { error: msg('validation.option') }).optional(),
    state: stateSchema.optional(),
    provider: id.optional(),
    status: statusSchema.optional(),
    /** Due, overdue, or due in the next days (docs/adr/0116-reviews-on-a-schedule.md). */
    schedule: z.enum(REVIEW_SCHEDULE_FILTERS, { error: msg('validation.option') }).optional(),
  })
  .strict();
export type ReviewFilters = z.infer<typeof reviewFiltersSchema>;

export const reviewListQuerySchema = reviewFiltersSchema
  .extend({
    ...listPageFields(REVIEW_SORTS, { sort: 'name', order: 'asc' }),
  })
  .strict();
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

const personSchema = z.object({ id: z.string(), fullname: z.string() }).meta({ id: 'ReviewPerson' });

/** A service's review as the screens show it. */
export const reviewSchema = z
  .object({
    status: statusSchema,
    /** 0 while the service never had a review; the next action sends it back. */
    version: z.int(),
    startedAt: isoDateTime.nullable(),
    startedBy: personSchema.nullable(),
    answeredAt: isoDateTime.nullable(),
    answeredBy: personSchema.nullable(),
    /** The outcome of the last ended review: finishedOK, editRequired, or running (ended unanswered). */
    lastOutcome: statusSchema.nullable(),
    endedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const serviceReviewSchema = z
  .object({
    serviceId: z.string(),
    review: reviewSchema,
    /** Whether the service's state allows a review to start. */
    reviewable: z.boolean(),
    /** The actions this caller may take now. */
    actions: z.array(z.enum(MANUAL_REVIEW_ACTIONS)),
    /** When the next review comes due (catalogue services only). */
    nextReview: nextReviewSchema,
  })
  .meta({ id: 'ServiceReview' });
export type ServiceReview = z.infer<typeof serviceReviewSchema>;

export const reviewActionRequestSchema = z
  .object({ version: z.int({ error: msg('validation.invalidType') }).min(0, msg('validation.invalid')) })
  .strict()
  .meta({ id: 'ReviewActionRequest' });

/**
 * A review as the review list's row shows it: its status, start and who answered, and the version
 * its row actions send; the rest of a review is the banner's (docs/adr/0135-list-answers-carry-what-the-screen-shows.md).
 */
const listReviewSchema = z
  .object({
    status: statusSchema,
    version: z.int(),
    startedAt: isoDateTime.nullable(),
    /** The full name of whoever answered the open review. */
    answeredBy: z.string().nullable(),
  })
  .meta({ id: 'ReviewListReview' });

const reviewListItemSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    state: stateSchema,
    providerInstitution: z.object({ abbreviation: z.string(), name: z.string() }).nullable(),
    review: listReviewSchema,
    actions: z.array(z.enum(MANUAL_REVIEW_ACTIONS)),
    /** The next review date of a catalogue service, YYYY-MM-DD. */
    nextReviewOn: z.string().nullable(),
  })
  .meta({ id: 'ReviewListItem' });
export type ReviewListItem = z.infer<typeof reviewListItemSchema>;

export const reviewListResponseSchema = z
  .object({
    items: z.array(reviewListItemSchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    /** How many of all matching services a bulk action would touch: the number the confirmation names. */
    eligible: z.object({ start: z.int(), stop: z.int(), end: z.int() }),
  })
  .meta({ id: 'ReviewList' });
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const bulkReviewRequestSchema = z
  .object({
    action: z.enum(BULK_REVIEW_ACTIONS, { error: msg('validation.option') }),
    filters: reviewFiltersSchema,
    /**
     * Narrows the filters to these services: the rows a person selected in a list (at most a
     * page). The count guard applies the same way.
     */
    ids: z
      .array(id, { error: msg('validation.invalidType') })
      .min(1, msg('validation.required'))
      .max(MAX_PAGE_SIZE, msg('validation.tooLong'))
      .optional(),
    /** The number of services the person confirmed; 409 when the filters now select another number. */
    count: z.int({ error: msg('validation.invalidType') }).min(1, msg('validation.invalid')),
  })
  .strict()
  .meta({ id: 'BulkReviewRequest' });
export type BulkReviewRequest = z.infer<typeof bulkReviewRequestSchema>;

export const bulkReviewResponseSchema = z.object({ count: z.int() }).meta({ id: 'BulkReviewResult' });

/** My Services: the caller's services whose review waits for their answer. */
export const myReviewsResponseSchema = z
  .object({
    items: z.array(
      z.object({ id: z.string(), serviceId: z.string(), name: z.string(), startedAt: isoDateTime.nullable() }),
    ),
  })
  .meta({ id: 'MyReviews' });
export type MyReviews = z.infer<typeof myReviewsResponseSchema>;
