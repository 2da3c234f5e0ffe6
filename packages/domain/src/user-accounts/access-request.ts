import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { ROUTES, type RouteId } from '../routes.js';
import { text } from '../schemas/text.js';

/**
 * The screens one may ask for access to: every built screen that needs more than a login. A person
 * sees "No access" on one of them and asks the portal management, who give the role in User
 * Accounts (docs/adr/0082-home-queues-and-asking-for-access.md).
 */
export const ACCESS_REQUEST_SCREENS = ROUTES.filter((route) => route.permission !== 'public' && route.hasScreen).map(
  (route) => route.id,
) as [RouteId, ...RouteId[]];

/** The longest note a request carries. */
export const ACCESS_REQUEST_NOTE_MAX = 1000;

export const accessRequestSchema = z
  .object({
    /** The screen the person could not open; the home's request names none. */
    screen: z.enum(ACCESS_REQUEST_SCREENS, { error: msg('validation.option') }).optional(),
    /** Why they need it, in their words. */
    note: text().trim().max(ACCESS_REQUEST_NOTE_MAX, msg('validation.tooLong')).default(''),
  })
  .strict()
  .meta({ id: 'AccessRequest' });
export type AccessRequest = z.input<typeof accessRequestSchema>;

export const accessRequestAnswerSchema = z
  .object({
    /** How many of the portal management the request reached by mail; 0: nobody has an address. */
    recipients: z.int(),
  })
  .meta({ id: 'AccessRequestAnswer' });
export type AccessRequestAnswer = z.infer<typeof accessRequestAnswerSchema>;
