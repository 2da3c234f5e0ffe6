import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from '../schemas/text.js';

/**
 * People who leave (docs/adr/0123-people-who-leave.md): the portal manager marks a person gone, or
 * a login's claims do; a gone person cannot log in and holds nothing new.
 */
export const GONE_SOURCES = ['manager', 'claims'] as const;
export type GoneSource = (typeof GONE_SOURCES)[number];

export const GONE_REASON_MAX = 500;

/**
 * The claim a login reads: the voPerson schema's status of the account at its home organisation.
 * Present and not `active` means the account is no longer valid; absent says nothing (most
 * identity providers do not release it).
 */
export const ACCOUNT_STATUS_CLAIM = 'voperson_status';

/** The status values that leave an account valid; any other released value marks the person gone. */
export const accountStatusSaysGone = (status: unknown): status is string =>
  typeof status === 'string' && status.trim() !== '' && status.trim().toLowerCase() !== 'active';

export const markUserGoneSchema = z
  .object({
    reason: text()
      .trim()
      .min(1, msg('userAccounts.gone.reasonRequired'))
      .max(GONE_REASON_MAX, msg('validation.tooLong')),
    /** The account's version as the caller read it: a stale one answers 409. */
    version: z.int(),
  })
  .strict()
  .meta({ id: 'MarkUserGone' });
export type MarkUserGoneRequest = z.infer<typeof markUserGoneSchema>;

export const bringUserBackSchema = z.object({ version: z.int() }).strict().meta({ id: 'BringUserBack' });
export type BringUserBackRequest = z.infer<typeof bringUserBackSchema>;

export const userGoneSchema = z
  .object({
    at: z.string().meta({ format: 'date-time' }),
    source: z.enum(GONE_SOURCES),
    /** Who marked the person gone; null when the claims of a login did. */
    byName: z.string().nullable(),
    reason: z.string(),
  })
  .meta({ id: 'UserGone' });
export type UserGone = z.infer<typeof userGoneSchema>;
