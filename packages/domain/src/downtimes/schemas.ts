import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from '../schemas/text.js';
import { DOWNTIME_DESCRIPTION_MAX, DOWNTIME_SEVERITIES, DOWNTIME_STATES, PUBLIC_DOWNTIME_STATES } from './downtime.js';

const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });
/** A moment with its offset (`2027-03-01T08:00:00Z`, `…+01:00`), as the web sends a date and time. */
const moment = z.iso.datetime({ offset: true, error: msg('validation.date') });
const version = z.int({ error: msg('validation.invalidType') }).positive(msg('validation.invalid'));
const description = text({ error: msg('validation.invalidType') })
  .trim()
  .max(DOWNTIME_DESCRIPTION_MAX, msg('validation.tooLong'))
  .default('');

export const downtimeIdParamSchema = z.object({ id });

/**
 * A downtime announced for a service: outage or degraded, from start to end (after the start), a
 * description in English and German of which at least one is written. The server also refuses an
 * end that has passed (its clock decides, not the browser's).
 */
export const announceDowntimeRequestSchema = z
  .object({
    severity: z.enum(DOWNTIME_SEVERITIES, { error: msg('validation.option') }),
    startsAt: moment,
    endsAt: moment,
    descriptionEn: description,
    descriptionDe: description,
  })
  .strict()
  .superRefine((value, context) => {
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: msg('downtimes.errors.endBeforeStart') });
    if (value.descriptionEn === '' && value.descriptionDe === '')
      context.addIssue({
        code: 'custom',
        path: ['descriptionEn'],
        message: msg('downtimes.errors.descriptionRequired'),
      });
  })
  .meta({ id: 'AnnounceDowntimeRequest' });
export type AnnounceDowntimeRequest = z.input<typeof announceDowntimeRequestSchema>;

/** A later end for a coming or current downtime; the server refuses one not after the current end or now. */
export const extendDowntimeRequestSchema = z
  .object({ endsAt: moment, version })
  .strict()
  .meta({ id: 'ExtendDowntimeRequest' });
export type ExtendDowntimeRequest = z.infer<typeof extendDowntimeRequestSchema>;

/** Ends a current downtime now. */
export const endDowntimeRequestSchema = z.object({ version }).strict().meta({ id: 'EndDowntimeRequest' });
export type EndDowntimeRequest = z.infer<typeof endDowntimeRequestSchema>;

/** Cancels a coming downtime. */
export const cancelDowntimeRequestSchema = z.object({ version }).strict().meta({ id: 'CancelDowntimeRequest' });
export type CancelDowntimeRequest = z.infer<typeof cancelDowntimeRequestSchema>;

/** A downtime as the service's screens show it; `endsAt` is the end now (the moment it was ended, when ended early). */
export const downtimeSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    severity: z.enum(DOWNTIME_SEVERITIES),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    descriptionEn: z.string(),
    descriptionDe: z.string(),
    state: z.enum(DOWNTIME_STATES),
    announcedBy: z.object({ id: z.string(), fullname: z.string() }).nullable(),
    announcedAt: isoDateTime,
    endedEarlyAt: isoDateTime.nullable(),
    cancelledAt: isoDateTime.nullable(),
    version: z.int(),
  })
  .meta({ id: 'Downtime' });
export type Downtime = z.infer<typeof downtimeSchema>;

/**
 * A service's downtimes: the current and coming ones first by start, then the ended and cancelled
 * ones, newest first (at most DOWNTIME_LIST_MAX in all); whether the caller may announce, and
 * whether the caller subscribed to the service's downtime mails.
 */
export const serviceDowntimesSchema = z
  .object({ items: z.array(downtimeSchema), canAnnounce: z.boolean(), subscribed: z.boolean() })
  .meta({ id: 'ServiceDowntimes' });
export type ServiceDowntimes = z.infer<typeof serviceDowntimesSchema>;

/** A current or coming downtime as the public sees it: the description in the reader's language, else the other. */
export const publicDowntimeSchema = z
  .object({
    id: z.string(),
    severity: z.enum(DOWNTIME_SEVERITIES),
    startsAt: isoDateTime,
    endsAt: isoDateTime,
    description: z.string(),
    state: z.enum(PUBLIC_DOWNTIME_STATES),
  })
  .meta({ id: 'PublicDowntime' });
export type PublicDowntime = z.infer<typeof publicDowntimeSchema>;
