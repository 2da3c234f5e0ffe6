import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { LISTABLE_FIELD_KEYS } from '../services/field-list.js';
import { SERVICE_STATES } from '../services/states.js';
import { listPageFields, MAX_PAGE_SIZE } from './list-query.js';
import { fieldValueSchema, institutionRefSchema, userRefSchema, versionSchema } from './services.js';
import { text } from './text.js';

/**
 * The Service Field List (docs/adr/0030-service-field-list.md): one field of the catalogue across
 * the services the caller may see, and clearing it on many services at once.
 */
export const fieldListParamsSchema = z.object({
  field: z.enum(LISTABLE_FIELD_KEYS, { error: msg('serviceFieldList.unknownField') }),
});

const FIELD_LIST_SORTS = ['name', 'serviceId', 'state', 'provider'] as const;
export type FieldListSort = (typeof FIELD_LIST_SORTS)[number];

/** Search words as in the portfolio (ADR 0010); no paging in the CSV export. */
export const fieldListQuerySchema = z
  .object({
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    ...listPageFields(FIELD_LIST_SORTS, { sort: 'name', order: 'asc' }),
  })
  .strict();
export type FieldListQuery = z.infer<typeof fieldListQuerySchema>;

const fieldListRowSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    state: z.enum(SERVICE_STATES),
    providerInstitution: institutionRefSchema.nullable(),
    value: fieldValueSchema,
    /** What a clear of this row names, so a change made since is refused (409). */
    version: z.int(),
    /** Whether the caller may clear the value on this service (not on retired services). */
    clearable: z.boolean(),
  })
  .meta({ id: 'FieldListRow' });
export type FieldListRow = z.infer<typeof fieldListRowSchema>;

export const fieldListResponseSchema = z
  .object({
    field: z.string(),
    /** Whether this field may be cleared across services at all (optional fields only). */
    fieldClearable: z.boolean(),
    items: z.array(fieldListRowSchema),
    /** Services with a value that match the search. */
    total: z.int(),
    /** Of those, how many the caller may clear: the number "clear all listed" confirms. */
    clearableTotal: z.int(),
    /** Names the listed set of clearable services and their versions; a clear of all listed repeats it. */
    listToken: z.string(),
    page: z.int(),
    pageSize: z.int(),
    /** Names behind the ids in contact and institution values. */
    refs: z.object({
      users: z.record(z.string(), userRefSchema),
      institutions: z.record(z.string(), institutionRefSchema),
    }),
  })
  .meta({ id: 'FieldList' });
export type FieldListResponse = z.infer<typeof fieldListResponseSchema>;

const count = z.int({ error: msg('validation.number') }).min(1, msg('validation.number'));

/**
 * Clear the field on every listed service (the search as listed, the count and token of the list
 * the person confirmed) or on the selected ones (each with the version it was listed with).
 */
export const clearFieldRequestSchema = z
  .discriminatedUnion(
    'scope',
    [
      z
        .object({
          scope: z.literal('all'),
          q: text().trim().max(200, msg('validation.tooLong')).optional(),
          count,
          listToken: text().max(100, msg('validation.tooLong')),
        })
        .strict(),
      z
        .object({
          scope: z.literal('selected'),
          services: z
            .array(z.object({ id: z.uuid({ error: msg('validation.invalid') }), version: versionSchema }).strict())
            .min(1, msg('serviceFieldList.noneSelected'))
            .max(MAX_PAGE_SIZE, msg('validation.tooLong')),
        })
        .strict(),
    ],
    { error: msg('validation.option') },
  )
  .meta({ id: 'ClearFieldRequest' });
export type ClearFieldRequest = z.infer<typeof clearFieldRequestSchema>;

export const clearFieldResponseSchema = z.object({ cleared: z.int() }).meta({ id: 'ClearFieldResult' });
export type ClearFieldResponse = z.infer<typeof clearFieldResponseSchema>;
