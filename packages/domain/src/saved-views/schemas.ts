import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';

/**
 * The lists a person can save views of (docs/adr/0044-saved-views.md): the portfolio, My Services,
 * the integration list and the field list. A view belongs to one list, so applying it never
 * meets filters that list does not know.
 */
export const SAVED_VIEW_LISTS = ['portfolio', 'mine', 'integration', 'fieldList'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** A view's name is unique per person and list; the longest a menu shows without cutting. */
export const MAX_SAVED_VIEW_NAME = 80;
/** The list's query string: the lists keep every filter in the URL, a few hundred characters at most. */
const MAX_SAVED_VIEW_QUERY = 2000;
const MAX_SAVED_VIEW_COLUMNS = 40;

const id = z.uuid({ error: msg('validation.invalid') });
const list = z.enum(SAVED_VIEW_LISTS, { error: msg('validation.option') });
const name = text({ error: msg('savedViews.nameRequired') })
  .trim()
  .min(1, msg('savedViews.nameRequired'))
  .max(MAX_SAVED_VIEW_NAME, msg('validation.tooLong'));
/** Without the leading "?"; the list reads it with its own parser, which drops what it does not know. */
const query = text({ error: msg('validation.invalidType') })
  .max(MAX_SAVED_VIEW_QUERY, msg('validation.tooLong'))
  .refine((value) => !value.startsWith('?'), msg('validation.invalid'));
/** The visible columns by id, in the list's order; empty for "as the list shows them by default". */
const columns = z
  .array(
    text({ error: msg('validation.invalidType') })
      .min(1, msg('validation.invalid'))
      .max(60, msg('validation.tooLong')),
    { error: msg('validation.invalidType') },
  )
  .max(MAX_SAVED_VIEW_COLUMNS, msg('validation.tooLong'));

export const savedViewIdParamSchema = z.object({ id });
export const savedViewListQuerySchema = z.object({ list: list.optional() }).strict();

export const createSavedViewSchema = z
  .object({ list, name, query: query.default(''), columns: columns.default([]) })
  .strict()
  .meta({ id: 'CreateSavedView' });
export type CreateSavedView = z.infer<typeof createSavedViewSchema>;

/** Rename, or save the current filters and columns into the view; `version` as last read (409 when stale). */
export const updateSavedViewSchema = z
  .object({ name: name.optional(), query: query.optional(), columns: columns.optional(), version: versionSchema })
  .strict()
  .meta({ id: 'UpdateSavedView' });
export type UpdateSavedView = z.infer<typeof updateSavedViewSchema>;

/** The form of "Save current view as…" and "Rename": only the name is typed. */
export const savedViewNameFormSchema = z.object({ name }).strict();
export type SavedViewNameForm = z.infer<typeof savedViewNameFormSchema>;

export const savedViewSchema = z
  .object({
    id: z.string(),
    list,
    name: z.string(),
    query: z.string(),
    columns: z.array(z.string()),
    version: z.int(),
    updatedAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) }).meta({ id: 'SavedViewList' });
export type SavedViewListResponse = z.infer<typeof savedViewListSchema>;
