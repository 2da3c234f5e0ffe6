import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { isValidUrl } from '../services/validation.js';
import { versionSchema } from './services.js';
import { text } from './text.js';

const id = z.uuid({ error: msg('validation.invalid') });

export const institutionIdParamSchema = z.object({ id });

/**
 * What a contact manager keeps of an institution. The abbreviation is unique regardless of case
 * (the table's index on lower(abbreviation)); the URL follows the service fields' rule (http or
 * https, a host with a dot), and may stay empty.
 */
const institutionFields = {
  abbreviation: text().trim().min(1, msg('institutionAdmin.abbreviationRequired')).max(50, msg('validation.tooLong')),
  name: text().trim().min(1, msg('institutionAdmin.nameRequired')).max(300, msg('validation.tooLong')),
  description: text().trim().max(5_000, msg('validation.tooLong')),
  url: text()
    .trim()
    .max(2_000, msg('validation.tooLong'))
    .refine((value) => value === '' || isValidUrl(value), msg('validation.url')),
  isCentre: z.boolean({ error: msg('validation.invalidType') }),
  isServiceProvider: z.boolean({ error: msg('validation.invalidType') }),
};

export const createInstitutionSchema = z.object(institutionFields).strict().meta({ id: 'CreateInstitution' });
export type CreateInstitution = z.infer<typeof createInstitutionSchema>;
export type InstitutionFormInput = z.input<typeof createInstitutionSchema>;

export const updateInstitutionSchema = z
  .object({ version: versionSchema, ...institutionFields })
  .strict()
  .meta({ id: 'UpdateInstitution' });
export type UpdateInstitution = z.infer<typeof updateInstitutionSchema>;

/** One institution as the contact database screen shows and edits it. */
export const institutionDetailSchema = z
  .object({
    id: z.string(),
    abbreviation: z.string(),
    name: z.string(),
    description: z.string(),
    url: z.string(),
    isCentre: z.boolean(),
    isServiceProvider: z.boolean(),
    /** Whether GET /api/institutions/{id}/logo has a picture. */
    hasLogo: z.boolean(),
    version: z.int(),
  })
  .meta({ id: 'InstitutionDetail' });
export type InstitutionDetail = z.infer<typeof institutionDetailSchema>;

export const institutionListSchema = z
  .object({ items: z.array(institutionDetailSchema) })
  .meta({ id: 'InstitutionList' });

/** The largest logo the portal takes (docs/adr/0033-institution-logos.md): a logo is small. */
export const MAX_LOGO_BYTES = 512 * 1024;
