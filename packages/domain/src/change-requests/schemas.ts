import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { listPageFields } from '../schemas/list-query.js';
import { fieldValueSchema, userRefSchema, versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';
import { SERVICE_STATES } from '../services/states.js';
import { CHANGE_DECISIONS, CHANGE_REQUEST_ACTIONS, CHANGE_REQUEST_STATES } from './states.js';

const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });
const fieldKey = text().max(100, msg('validation.tooLong'));
const decisionSchema = z.enum(CHANGE_DECISIONS, { error: msg('validation.option') });

export const changeRequestIdParamSchema = z.object({ id });

/** New values by field key (null empties a field); at least one, only the catalogue's fields. */
const proposedValues = z
  .record(fieldKey, fieldValueSchema)
  .refine((values) => Object.keys(values).length > 0, msg('changeRequests.noChanges'));

export const createChangeRequestSchema = z
  .object({ fields: proposedValues })
  .strict()
  .meta({ id: 'CreateChangeRequest' });
export type CreateChangeRequest = z.infer<typeof createChangeRequestSchema>;

/** Replaces the draft's proposed values; `version` is the request's, as the caller read it. */
export const updateChangeRequestSchema = z
  .object({ version: versionSchema, fields: proposedValues })
  .strict()
  .meta({ id: 'UpdateChangeRequest' });
export type UpdateChangeRequest = z.infer<typeof updateChangeRequestSchema>;

/** Hand in, withdraw, release: the request's version only. */
export const changeRequestStepSchema = z.object({ version: versionSchema }).strict().meta({ id: 'ChangeRequestStep' });
export type ChangeRequestStep = z.infer<typeof changeRequestStepSchema>;

export const decideChangeRequestSchema = z
  .object({ version: versionSchema, decisions: z.record(fieldKey, decisionSchema) })
  .strict()
  .meta({ id: 'DecideChangeRequest' });
export type DecideChangeRequest = z.infer<typeof decideChangeRequestSchema>;

/**
 * Release with the decisions still to record: they are written and the request released in one
 * transaction, refused as a whole (409, naming the fields) while a field stays undecided.
 */
export const releaseChangeRequestSchema = z
  .object({ version: versionSchema, decisions: z.record(fieldKey, decisionSchema).optional() })
  .strict()
  .meta({ id: 'ReleaseChangeRequest' });
export type ReleaseChangeRequest = z.infer<typeof releaseChangeRequestSchema>;

/**
 * Applies the accepted values. A field the service changed since the request was made is applied
 * only when named in `overwrite`, and left as the service has it when named in `keep`: the
 * portfolio manager has seen both values.
 */
export const applyChangeRequestSchema = z
  .object({
    version: versionSchema,
    overwrite: z.array(fieldKey).max(200, msg('validation.tooLong')).optional(),
    keep: z.array(fieldKey).max(200, msg('validation.tooLong')).optional(),
  })
  .strict()
  .meta({ id: 'ApplyChangeRequest' });
export type ApplyChangeRequest = z.infer<typeof applyChangeRequestSchema>;

const changeRequestFieldSchema = z
  .object({
    key: z.string(),
    /** The service's value when the request was made (or the field was last proposed). */
    currentValue: fieldValueSchema,
    newValue: fieldValueSchema,
    decision: decisionSchema.nullable(),
    /** The service's value now; differs from currentValue when the request is stale for this field. */
    serviceValue: fieldValueSchema,
    stale: z.boolean(),
  })
  .meta({ id: 'ChangeRequestField' });
export type ChangeRequestField = z.infer<typeof changeRequestFieldSchema>;

const changeRequestServiceSchema = z
  .object({ id: z.string(), serviceId: z.string(), name: z.string(), state: z.enum(SERVICE_STATES) })
  .meta({ id: 'ChangeRequestService' });

export const changeRequestSchema = z
  .object({
    id: z.string(),
    service: changeRequestServiceSchema,
    state: z.enum(CHANGE_REQUEST_STATES),
    version: z.int(),
    fromIntegrationManager: z.boolean(),
    author: userRefSchema.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    fields: z.array(changeRequestFieldSchema),
    /** The actions this caller may take now. */
    actions: z.array(z.enum(CHANGE_REQUEST_ACTIONS)),
    /** Users and institutions named in contact and institution fields. */
    refs: z.object({
      users: z.record(z.string(), userRefSchema),
      institutions: z.record(z.string(), z.object({ id: z.string(), abbreviation: z.string(), name: z.string() })),
    }),
  })
  .meta({ id: 'ChangeRequest' });
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const serviceChangeRequestsSchema = z
  .object({
    /** Whether the caller may start one now (no open request, a state that takes them, a role that may). */
    canCreate: z.boolean(),
    /** An open request handed in or released: the provider side may not change the fields. */
    locked: z.boolean(),
    items: z.array(changeRequestSchema),
  })
  .meta({ id: 'ServiceChangeRequests' });
export type ServiceChangeRequests = z.infer<typeof serviceChangeRequestsSchema>;

const CHANGE_REQUEST_SORTS = ['updatedAt', 'createdAt', 'state', 'service'] as const;

export const changeRequestListQuerySchema = z
  .object({
    state: z.enum(CHANGE_REQUEST_STATES, { error: msg('validation.option') }).optional(),
    from: z.enum(['provider', 'integrationManager'], { error: msg('validation.option') }).optional(),
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    ...listPageFields(CHANGE_REQUEST_SORTS, { sort: 'updatedAt', order: 'desc' }),
  })
  .strict();
export type ChangeRequestListQuery = z.infer<typeof changeRequestListQuerySchema>;

const changeRequestSummarySchema = z
  .object({
    id: z.string(),
    service: changeRequestServiceSchema,
    state: z.enum(CHANGE_REQUEST_STATES),
    fromIntegrationManager: z.boolean(),
    author: z.string(),
    fieldCount: z.int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ChangeRequestSummary' });
export type ChangeRequestSummary = z.infer<typeof changeRequestSummarySchema>;

export const changeRequestListSchema = z
  .object({ items: z.array(changeRequestSummarySchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'ChangeRequestList' });
export type ChangeRequestList = z.infer<typeof changeRequestListSchema>;
