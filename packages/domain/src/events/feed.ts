import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { FIELDS_BY_KEY } from '../services/fields.js';
import { text } from '../schemas/text.js';

/**
 * The event feed and the webhooks (docs/adr/0120-event-feed-and-signed-webhooks.md): the portal's
 * domain events, each named by a stable type that clients program against, taken from the audit
 * events. A type's name never changes; a new kind of event is a new name.
 */
export const FEED_EVENT_TYPES = [
  'service.created',
  'service.changed',
  'service.stateChanged',
  'review.started',
  'review.answered',
  'changeRequest.applied',
  'package.approved',
  'package.rejected',
  'vo.approved',
  'downtime.announced',
  'downtime.started',
  'downtime.ended',
  'downtime.changed',
  'downtime.cancelled',
] as const;

export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

/** The audit actions behind each feed type: the feed reads only these rows (its index holds no others). */
export const FEED_TYPE_OF_ACTION = {
  'service.created': 'service.created',
  'service.updated': 'service.changed',
  'service.transition': 'service.stateChanged',
  'review.started': 'review.started',
  'review.confirmed': 'review.answered',
  'review.editRequired': 'review.answered',
  'service.changeRequestApplied': 'changeRequest.applied',
  'resourcePackage.approved': 'package.approved',
  'resourcePackage.rejected': 'package.rejected',
  'vo.approve': 'vo.approved',
  'downtime.announced': 'downtime.announced',
  'downtime.started': 'downtime.started',
  'downtime.ended': 'downtime.ended',
  // Named for what a reader mirrors, not for today's one way to change a downtime: a later change
  // of its start or description is this type too, its `changes` saying which value moved.
  'downtime.extended': 'downtime.changed',
  'downtime.cancelled': 'downtime.cancelled',
} as const satisfies Record<string, FeedEventType>;

export type FeedAction = keyof typeof FEED_TYPE_OF_ACTION;

export const FEED_ACTIONS = Object.keys(FEED_TYPE_OF_ACTION) as FeedAction[];

export const isFeedAction = (action: string): action is FeedAction => Object.hasOwn(FEED_TYPE_OF_ACTION, action);

/**
 * Which changed values of a service a feed event names: its name, keywords and the fields its
 * public page shows. Everything else (the weighting, internal fields, role holders) stays out.
 */
export const isPublicServiceValue = (key: string): boolean =>
  key === 'name' || key === 'keywords' || FIELDS_BY_KEY.get(key)?.public === true;

/** The page size a feed reader gets without asking, and the most it may ask for. */
export const FEED_PAGE_SIZE = 50;
export const FEED_MAX_PAGE_SIZE = 200;

export const eventFeedQuerySchema = z.object({
  after: text({ error: msg('validation.invalid') })
    .max(200, { error: msg('validation.invalid') })
    .optional()
    .describe('The `nextCursor` of the page before; without it the feed starts at its first event.'),
  limit: z.coerce
    .number({ error: msg('validation.invalid') })
    .int({ error: msg('validation.invalid') })
    .min(1, { error: msg('validation.invalid') })
    .max(FEED_MAX_PAGE_SIZE, { error: msg('validation.invalid') })
    .default(FEED_PAGE_SIZE),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuerySchema>;

const change = z.object({ old: z.unknown(), new: z.unknown() }).meta({ id: 'FeedChange' });

/** One event as the feed and a webhook's body give it. */
export const feedEventSchema = z
  .object({
    id: z.string().describe('Stable: the same event always has this id (a webhook delivers it as `webhook-id`).'),
    type: z.enum(FEED_EVENT_TYPES),
    time: z.string().meta({ format: 'date-time' }),
    object: z.object({
      type: z.enum(['service', 'resourcePackage', 'vo']),
      /** The public identifier: a service's SVC number, a package's or VO's id. */
      id: z.string(),
      link: z.string(),
    }),
    changes: z.record(z.string(), change).describe('Old → new of the public values the event changed.'),
  })
  .meta({ id: 'FeedEvent' });
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const eventFeedPageSchema = z
  .object({
    items: z.array(feedEventSchema),
    nextCursor: z
      .string()
      .describe('Ask with `after=` this for the events after this page; the same cursor while no new events come.'),
  })
  .meta({ id: 'EventFeedPage' });
export type EventFeedPage = z.infer<typeof eventFeedPageSchema>;

type Changes = FeedEvent['changes'];

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Old → new of the keys either side names that pass `keep`. */
const changesOf = (before: unknown, after: unknown, keep: (key: string) => boolean): Changes => {
  const old = record(before);
  const next = record(after);
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)]))
    if (keep(key)) changes[key] = { old: old[key] ?? null, new: next[key] ?? null };
  return changes;
};

/**
 * A downtime's values as the public calendar shows them (docs/adr/0124-announced-downtimes.md); the
 * reasons behind an end, the notice it wrote and the state it restores stay out.
 */
const DOWNTIME_FEED_VALUES = [
  'downtimeId',
  'severity',
  'startsAt',
  'endsAt',
  'descriptionEn',
  'descriptionDe',
] as const;

/**
 * A downtime event's changes: every public value of the downtime, old → new, unchanged ones with
 * old equal to new, so a reader who missed the announcement (or subscribed to some types only)
 * mirrors the downtime from any one event. An announcement's old values are null; an extension's
 * or an early end's old end is the end before it.
 */
const downtimeChanges = (action: FeedAction, before: unknown, after: unknown): Changes => {
  const next = record(after);
  const old = action === 'downtime.announced' ? {} : { ...next, ...record(before) };
  const changes: Changes = {};
  for (const key of DOWNTIME_FEED_VALUES) changes[key] = { old: old[key] ?? null, new: next[key] ?? null };
  return changes;
};

/**
 * What a feed event says changed, from its audit event's before and after: public values only.
 * Null when the event changed nothing a reader may see (a service change of internal fields alone),
 * so the feed and the webhooks leave it out.
 */
export const feedChanges = (action: FeedAction, before: unknown, after: unknown): Changes | null => {
  switch (action) {
    case 'service.created':
      return changesOf(null, after, (key) => key === 'state' || isPublicServiceValue(key));
    case 'service.updated': {
      const changes = changesOf(before, after, isPublicServiceValue);
      return Object.keys(changes).length > 0 ? changes : null;
    }
    case 'service.changeRequestApplied': {
      const applied = record(after).appliedFields;
      const fields = Array.isArray(applied) ? applied.filter((key) => isPublicServiceValue(String(key))) : [];
      return { appliedFields: { old: null, new: fields } };
    }
    case 'service.transition':
    case 'resourcePackage.approved':
    case 'resourcePackage.rejected':
    case 'vo.approve':
      return changesOf(before, after, (key) => key === 'state');
    case 'review.started':
    case 'review.confirmed':
    case 'review.editRequired':
      return changesOf(before, after, (key) => key === 'reviewStatus');
    case 'downtime.announced':
    case 'downtime.started':
    case 'downtime.ended':
    case 'downtime.extended':
    case 'downtime.cancelled':
      return downtimeChanges(action, before, after);
  }
};
