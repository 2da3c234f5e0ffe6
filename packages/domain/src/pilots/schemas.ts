import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { listPageFields } from '../schemas/list-query.js';
import { text } from '../schemas/text.js';
import { isIsoDate } from '../services/validation.js';
import { PILOT_EXTENSION_REASON_MAX, PILOT_STATES, SERVICE_KINDS } from './pilot.js';

const isoDateTime = z.string().meta({ format: 'date-time' });
const day = z.string({ error: msg('validation.date') }).refine(isIsoDate, msg('validation.date'));
const version = z.int({ error: msg('validation.invalidType') }).min(1, msg('validation.invalid'));

/** A service's pilot facts as its header shows them; `version` is the service's. */
export const servicePilotSchema = z
  .object({
    kind: z.enum(SERVICE_KINDS),
    /** The day it went online; null while it never was. */
    onlineSince: z.string().nullable(),
    /** The pilot's end (after an extension, the extension's), null for a regular service or one not yet online. */
    endsOn: z.string().nullable(),
    /** One year after going online, whatever the extension. */
    originalEndsOn: z.string().nullable(),
    extension: z
      .object({
        endsOn: z.string(),
        reason: z.string(),
        by: z.object({ id: z.string(), fullname: z.string() }).nullable(),
        at: isoDateTime,
      })
      .nullable(),
    /** Where a pilot in the catalogue stands today; null for a regular service or one outside the catalogue. */
    state: z.enum(PILOT_STATES).nullable(),
    version: z.int(),
  })
  .meta({ id: 'ServicePilot' });
export type ServicePilot = z.infer<typeof servicePilotSchema>;

/** The portfolio manager marks a service a pilot or a regular service, with the service's version. */
export const serviceKindRequestSchema = z
  .object({ kind: z.enum(SERVICE_KINDS, { error: msg('validation.option') }), version })
  .strict()
  .meta({ id: 'ServiceKindRequest' });
export type ServiceKindRequest = z.infer<typeof serviceKindRequestSchema>;

/** The one extension of a pilot: why, and its new end (after the current one). */
export const pilotExtensionRequestSchema = z
  .object({
    reason: text({ error: msg('validation.required') })
      .trim()
      .min(1, msg('validation.required'))
      .max(PILOT_EXTENSION_REASON_MAX, msg('validation.tooLong')),
    endsOn: day,
    version,
  })
  .strict()
  .meta({ id: 'PilotExtensionRequest' });
export type PilotExtensionRequest = z.infer<typeof pilotExtensionRequestSchema>;

export const PILOT_LIST_SORTS = ['endsOn', 'name', 'onlineSince'] as const;

/** The "Pilots ending" list: the pilots in the catalogue, by end date; filtered by state and extension. */
export const pilotListQuerySchema = z
  .object({
    state: z.enum(PILOT_STATES, { error: msg('validation.option') }).optional(),
    extended: z.enum(['yes', 'no'], { error: msg('validation.option') }).optional(),
    ...listPageFields(PILOT_LIST_SORTS, { sort: 'endsOn', order: 'asc' }),
  })
  .strict();
export type PilotListQuery = z.infer<typeof pilotListQuerySchema>;

export const pilotRowSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    provider: z.object({ id: z.string(), abbreviation: z.string(), name: z.string() }).nullable(),
    onlineSince: z.string(),
    endsOn: z.string(),
    extended: z.boolean(),
    state: z.enum(PILOT_STATES),
  })
  .meta({ id: 'PilotRow' });
export type PilotRow = z.infer<typeof pilotRowSchema>;

export const pilotListSchema = z
  .object({ items: z.array(pilotRowSchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'PilotList' });
export type PilotList = z.infer<typeof pilotListSchema>;
