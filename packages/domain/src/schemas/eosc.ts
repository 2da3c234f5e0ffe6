import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { streamPageFields, streamPageSchema } from './stream-page.js';
import { text } from './text.js';

/** A service ID (SVC-00042): the stable public identifier, and the EOSC export's cursor. */
export const SERVICE_ID_PATTERN = /^SVC-\d{5,}$/;

/**
 * A service in the EOSC service profile's JSON shape, for the elements the portal's public fields
 * fill (docs/eosc-mapping.md); every record is also checked against the profile's JSON Schema.
 */
export const eoscServiceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    resourceOrganisation: z.string(),
    webpage: z.string(),
    description: z.string(),
    tagline: z.string(),
    logo: z.string().optional(),
    tags: z.array(z.string()).optional(),
    helpdeskEmail: z.string().optional(),
    userManual: z.string().optional(),
    privacyPolicy: z.string().optional(),
    termsOfUse: z.string().optional(),
  })
  .meta({ id: 'EoscService' });
export type EoscService = z.infer<typeof eoscServiceSchema>;

/** A page of the whole catalogue in the EOSC profile: `limit` services after the `cursor` (a service ID). */
export const eoscServicePageQuerySchema = z
  .object({
    limit: streamPageFields.limit,
    cursor: text()
      .refine((value) => SERVICE_ID_PATTERN.test(value), { message: msg('validation.cursor') })
      .optional(),
  })
  .strict();

export const eoscServicePageSchema = streamPageSchema(eoscServiceSchema).meta({ id: 'EoscServicePage' });
