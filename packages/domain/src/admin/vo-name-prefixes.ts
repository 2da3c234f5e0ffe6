import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from '../schemas/text.js';

/** The characters of a VO name, so a prefix is one a VO name could start with. */
const VO_NAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * The reserved prefix a VO name starts with, compared case-insensitively, or undefined when the name is
 * free. The prefixes are the admin panel's list plus the abbreviations of the institutions flagged as
 * centres (docs/adr/0036-admin-panel-sections.md); the VO registration refuses a name that has one.
 */
export const reservedPrefixOf = (name: string, prefixes: readonly string[]): string | undefined => {
  const lower = name.trim().toLowerCase();
  return prefixes.find((prefix) => prefix.length > 0 && lower.startsWith(prefix.toLowerCase()));
};

const id = z.uuid({ error: msg('validation.invalid') });
const prefix = text()
  .trim()
  .min(1, msg('validation.required'))
  .max(50, msg('validation.tooLong'))
  .refine((value) => VO_NAME_CHARACTERS.test(value), msg('adminSections.voPrefixes.characters'));
const note = text().trim().max(500, msg('validation.tooLong'));

export const voNamePrefixIdParamSchema = z.object({ id });

/** A prefix the portal manager reserved, with why. */
export const voNamePrefixSchema = z
  .object({ id: z.string(), prefix: z.string(), note: z.string(), version: z.int() })
  .meta({ id: 'VoNamePrefix' });
export type VoNamePrefix = z.infer<typeof voNamePrefixSchema>;

/** A centre's abbreviation, reserved for as long as the institution is flagged as a centre. */
export const centreAbbreviationSchema = z
  .object({ institutionId: z.string(), abbreviation: z.string(), name: z.string() })
  .meta({ id: 'CentreAbbreviation' });
export type CentreAbbreviation = z.infer<typeof centreAbbreviationSchema>;

export const voNamePrefixListSchema = z
  .object({ items: z.array(voNamePrefixSchema), centres: z.array(centreAbbreviationSchema) })
  .meta({ id: 'VoNamePrefixList' });
export type VoNamePrefixList = z.infer<typeof voNamePrefixListSchema>;

export const createVoNamePrefixSchema = z
  .object({ prefix, note: note.optional().default('') })
  .strict()
  .meta({ id: 'CreateVoNamePrefix' });
export type CreateVoNamePrefix = z.infer<typeof createVoNamePrefixSchema>;
export type VoNamePrefixFormInput = z.input<typeof createVoNamePrefixSchema>;
