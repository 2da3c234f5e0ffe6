import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { SERVICE_TYPES } from '../services/categorisation.js';
import { INTEGRATION_SCOPES } from '../services/integration-work.js';
import { PORTFOLIO_TABS, SERVICE_STATES } from '../services/states.js';
import { WORKFLOW_ACTIONS } from '../services/workflow.js';
import { isIsoDate } from '../services/validation.js';
import { todayIso } from '../dates.js';
import { listPageFields, MAX_PAGE_SIZE } from './list-query.js';
import { streamPageSchema } from './stream-page.js';
import { text } from './text.js';
import { publicDowntimeSchema } from '../downtimes/schemas.js';

/** Messages are i18n keys; server and web translate them. */
const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });

const serviceStateSchema = z.enum(SERVICE_STATES, { error: msg('validation.option') });
const workflowActionSchema = z.enum(WORKFLOW_ACTIONS, { error: msg('validation.option') });
export const versionSchema = z.int({ error: msg('validation.invalidType') }).positive(msg('validation.invalid'));

export const serviceIdParamSchema = z.object({ id });

export const userRefSchema = z
  .object({ id: z.string(), username: z.string(), fullname: z.string(), email: z.string() })
  .meta({ id: 'UserRef' });
export type UserRef = z.infer<typeof userRefSchema>;

export const institutionRefSchema = z
  .object({ id: z.string(), abbreviation: z.string(), name: z.string() })
  .meta({ id: 'InstitutionRef' });
export type InstitutionRef = z.infer<typeof institutionRefSchema>;

/**
 * Where the caller may place a service (mayPlaceServiceUnder): under any centre, or only under
 * their own (`own`; null: they have none, so their services have none).
 */
export const centreChoiceSchema = z
  .object({ anyCentre: z.boolean(), own: institutionRefSchema.nullable() })
  .meta({ id: 'CentreChoice' });
export type CentreChoice = z.infer<typeof centreChoiceSchema>;

const keywordSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'Keyword' });
export type Keyword = z.infer<typeof keywordSchema>;

/** A field's value on the wire; the field catalogue's validation decides what fits which field. */
export const fieldValueSchema = z.union([
  text().max(20_000, msg('validation.tooLong')),
  z.number(),
  z.boolean(),
  z.array(text().max(200, msg('validation.tooLong'))).max(100, msg('validation.tooLong')),
  z.null(),
]);
const fieldValuesSchema = z.record(text().max(100), fieldValueSchema);

const serviceName = text({ error: msg('service.nameRequired') })
  .trim()
  .min(1, msg('service.nameRequired'))
  .max(200, msg('validation.tooLong'));

export const createServiceRequestSchema = z
  .object({
    name: serviceName,
    providerInstitutionId: id.nullable().optional(),
    fields: fieldValuesSchema.optional(),
    keywords: z.array(id).max(50, msg('validation.tooLong')).optional(),
    weighting: z.record(text().max(100), text().max(100).nullable()).optional(),
  })
  .strict()
  .meta({ id: 'CreateServiceRequest' });
export type CreateServiceRequest = z.infer<typeof createServiceRequestSchema>;

/** A partial update: only what is named changes; `version` is the one the client read. */
export const updateServiceRequestSchema = createServiceRequestSchema
  .extend({ version: versionSchema, name: serviceName.optional() })
  .strict()
  .meta({ id: 'UpdateServiceRequest' });
export type UpdateServiceRequest = z.infer<typeof updateServiceRequestSchema>;

/** How long the reason of a status notice may be: a sentence or two for the public portfolio. */
export const STATUS_REASON_MAX = 500;

/**
 * What a step into "not available" or "full capacity reached" tells the public (a step whose
 * workflow row has `notice`): a reason, free text in the provider's words, and the day the
 * service is expected back (not before today). Both optional; cleared when it is online again.
 */
export const statusNoticeSchema = z
  .object({
    reason: text().trim().max(STATUS_REASON_MAX, msg('validation.tooLong')).optional(),
    expectedEnd: z
      .string({ error: msg('validation.date') })
      .refine(isIsoDate, msg('validation.date'))
      .refine((day) => day >= todayIso(), msg('workflow.notice.endInPast'))
      .nullable()
      .optional(),
  })
  // No component of its own: a nested schema whose input and output differ (the trimmed reason)
  // would name two OpenAPI components alike.
  .strict();
export type StatusNoticeInput = z.infer<typeof statusNoticeSchema>;

/** A status notice as the answers carry it (the public portfolio, the service's pages); the reason may be ''. */
export const statusNoticeAnswerSchema = z
  .object({ reason: z.string(), expectedEnd: z.string().nullable() })
  .meta({ id: 'StatusNotice' });
export type StatusNotice = z.infer<typeof statusNoticeAnswerSchema>;

export const transitionRequestSchema = z
  .object({ action: workflowActionSchema, version: versionSchema, notice: statusNoticeSchema.optional() })
  .strict()
  .meta({ id: 'TransitionRequest' });
export type TransitionRequest = z.infer<typeof transitionRequestSchema>;

export type ServiceRoleKey = 'objectOwner' | 'serviceOwner' | 'serviceManager' | 'providerManager';

/** Sets the named roles; null removes the holder. The object owner can't be removed, only replaced. */
export const updateServiceRolesRequestSchema = z
  .object({
    version: versionSchema,
    objectOwnerId: id.optional(),
    serviceOwnerId: id.nullable().optional(),
    serviceManagerId: id.nullable().optional(),
    providerManagerId: id.nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateServiceRolesRequest' });
export type UpdateServiceRolesRequest = z.infer<typeof updateServiceRolesRequestSchema>;

export const serviceAdminRequestSchema = z
  .object({ version: versionSchema, userId: id })
  .strict()
  .meta({ id: 'ServiceAdminRequest' });

export const roleChangeRequestSchema = z
  .object({
    role: z.enum(['serviceOwner', 'serviceManager'], { error: msg('validation.option') }),
    userId: id,
    reason: text().trim().max(2000, msg('validation.tooLong')).optional(),
  })
  .strict()
  .meta({ id: 'RoleChangeRequestInput' });

export const roleChangeDecisionSchema = z
  .object({ accept: z.boolean({ error: msg('validation.invalidType') }) })
  .strict()
  .meta({ id: 'RoleChangeDecision' });

const roleChangeSchema = z
  .object({
    id: z.string(),
    role: z.enum(['serviceOwner', 'serviceManager']),
    user: userRefSchema,
    requestedBy: userRefSchema.nullable(),
    reason: z.string(),
    state: z.enum(['pending', 'accepted', 'rejected']),
    createdAt: isoDateTime,
  })
  .meta({ id: 'RoleChange' });

const servicePermissionsSchema = z
  .object({
    edit: z.boolean(),
    editObjectOwner: z.boolean(),
    assignRoles: z.boolean(),
    manageAdmins: z.boolean(),
    requestRoleChange: z.boolean(),
    decideRoleChange: z.boolean(),
    activateDocuments: z.boolean(),
    manageDocuments: z.boolean(),
    readRetirementPlan: z.boolean(),
    editRetirementPlan: z.boolean(),
    comment: z.boolean(),
    /** Reads the service's change requests (the change request tab). */
    changeRequests: z.boolean(),
  })
  .meta({ id: 'ServicePermissions' });

export const serviceDetailSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    state: serviceStateSchema,
    version: z.int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    providerInstitution: institutionRefSchema.nullable(),
    /** The provider institution's logo address, null without a logo. */
    providerLogo: z.string().nullable(),
    fields: fieldValuesSchema,
    keywords: z.array(keywordSchema),
    weighting: z.record(z.string(), z.string()),
    score: z.number(),
    serviceType: z.enum(SERVICE_TYPES),
    documentsActive: z.boolean(),
    onlineSince: isoDateTime.nullable(),
    onlineUntil: isoDateTime.nullable(),
    /** Why the service is not available or at full capacity, and until when; null while online. */
    statusNotice: statusNoticeAnswerSchema.nullable(),
    /**
     * An open change request handed in or released: until it is applied or withdrawn nobody edits the
     * service's information directly (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md).
     */
    lock: z.object({ changeRequestId: z.string(), state: z.enum(['handed_in', 'released']) }).nullable(),
    roles: z.object({
      objectOwner: userRefSchema.nullable(),
      serviceOwner: userRefSchema.nullable(),
      serviceManager: userRefSchema.nullable(),
      providerManager: userRefSchema.nullable(),
      admins: z.array(userRefSchema),
    }),
    roleChanges: z.array(roleChangeSchema),
    permissions: servicePermissionsSchema,
    /** The workflow actions this caller may take now (the "manage status" tab). */
    actions: z.array(workflowActionSchema),
    /** Names behind the ids in contact and institution fields. */
    refs: z.object({
      users: z.record(z.string(), userRefSchema),
      institutions: z.record(z.string(), institutionRefSchema),
    }),
  })
  .meta({ id: 'ServiceDetail' });
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;
export type ServiceLock = NonNullable<ServiceDetail['lock']>;

export const SERVICE_SORTS = ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

/** The portfolio list: tab + filters + search + sort + page (ADR 0010). */
export const serviceListQuerySchema = z
  .object({
    /** A portfolio tab, or 'mine' for My Services (the services the caller is provider side of). */
    tab: z.enum([...PORTFOLIO_TABS, 'mine'], { error: msg('validation.option') }).optional(),
    state: serviceStateSchema.optional(),
    provider: id.optional(),
    keyword: id.optional(),
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    ...listPageFields(SERVICE_SORTS, { sort: 'updatedAt', order: 'desc' }),
  })
  .strict();
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

const serviceSummarySchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    state: serviceStateSchema,
    providerInstitution: institutionRefSchema.nullable(),
    shortDescription: z.string(),
    serviceType: z.enum(SERVICE_TYPES),
    score: z.number(),
    keywords: z.array(z.string()),
    updatedAt: isoDateTime,
    onlineSince: isoDateTime.nullable(),
  })
  .meta({ id: 'ServiceSummary' });
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceListResponseSchema = z
  .object({ items: z.array(serviceSummarySchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'ServiceList' });
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

const historyEntrySchema = z
  .object({
    id: z.string(),
    at: isoDateTime,
    actor: z.string(),
    action: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'HistoryEntry' });
/** A history, newest first, a page at a time (docs/adr/0074-paged-streams.md). */
export const historyResponseSchema = streamPageSchema(historyEntrySchema).meta({ id: 'History' });
export type HistoryPage = z.infer<typeof historyResponseSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const commentRequestSchema = z
  .object({
    text: text({ error: msg('comment.required') })
      .trim()
      .min(1, msg('comment.required'))
      .max(5000, msg('validation.tooLong')),
  })
  .strict()
  .meta({ id: 'CommentRequest' });
export const commentSchema = z
  .object({ id: z.string(), text: z.string(), author: z.string(), createdAt: isoDateTime })
  .meta({ id: 'Comment' });
/** A service's comments, newest first, a page at a time; the thread shows each page oldest first. */
export const commentListSchema = streamPageSchema(commentSchema).meta({ id: 'CommentList' });
export type CommentPage = z.infer<typeof commentListSchema>;
export type Comment = z.infer<typeof commentSchema>;

export const documentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    contentType: z.string(),
    size: z.int(),
    uploadedBy: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ServiceDocument' });
export const documentListSchema = z.object({ items: z.array(documentSchema) }).meta({ id: 'ServiceDocumentList' });
export type ServiceDocument = z.infer<typeof documentSchema>;

/** 20 MB per document (ADR 0009). */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const activateDocumentsRequestSchema = z
  .object({ version: versionSchema })
  .strict()
  .meta({ id: 'ActivateDocumentsRequest' });

export const keywordQuerySchema = z.object({ q: text().trim().max(100, msg('validation.tooLong')).optional() });
export const keywordListSchema = z.object({ items: z.array(keywordSchema) }).meta({ id: 'KeywordList' });
export const createKeywordsRequestSchema = z
  .object({
    names: z
      .array(text().trim().min(1, msg('validation.required')).max(60, msg('validation.tooLong')))
      .min(1, msg('validation.required'))
      .max(20, msg('validation.tooLong')),
  })
  .strict()
  .meta({ id: 'CreateKeywordsRequest' });

export const userSearchQuerySchema = z.object({
  q: text().trim().min(2, msg('validation.searchTooShort')).max(100, msg('validation.tooLong')),
  /** The people marked as gone are left out (they are given nothing), unless a filter asks for them: the audit log's. */
  gone: z.enum(['include'], { error: msg('validation.option') }).optional(),
});
export const userSearchResponseSchema = z.object({ items: z.array(userRefSchema) }).meta({ id: 'UserSearch' });

const localized = z.object({ en: z.string(), de: z.string() });
const weightingCriterionSchema = z
  .object({
    key: z.string(),
    label: localized,
    factor: z.number(),
    options: z.array(z.object({ key: z.string(), label: localized, points: z.number() })),
  })
  .meta({ id: 'WeightingCriterion' });
export const weightingCriteriaSchema = z
  .object({ items: z.array(weightingCriterionSchema) })
  .meta({ id: 'WeightingCriteria' });

/**
 * The integration list: services by weighted score, highest first; by default only those in
 * integration work (INTEGRATION_WORK_STATES), `scope=all` for every state.
 */
export const integrationListQuerySchema = serviceListQuerySchema
  .omit({ sort: true, order: true })
  .extend({ scope: z.enum(INTEGRATION_SCOPES, { error: msg('validation.option') }).default('work') })
  .strict();
export type IntegrationListQuery = z.infer<typeof integrationListQuerySchema>;

/**
 * The selected rows of a service list (`ids`, comma-separated, at most a page's worth): an export
 * of the selection holds those of the view's rows alone.
 */
const selectedIds = text()
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(id).min(1, msg('validation.invalid')).max(MAX_PAGE_SIZE, msg('validation.tooLong')))
  .optional();

/** A service list's export: the list's filters and order without its paging, optionally only the selected rows. */
export const serviceExportQuerySchema = serviceListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ ids: selectedIds })
  .strict();
export type ServiceExportQuery = z.infer<typeof serviceExportQuerySchema>;

/** The integration list's export, as the portfolio's. */
export const integrationExportQuerySchema = integrationListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ ids: selectedIds })
  .strict();
export type IntegrationExportQuery = z.infer<typeof integrationExportQuerySchema>;

/** A service on the public portfolio: what the public page shows (name, short description, provider with its logo, online period, status); the ID keys the rows. */
const publicServiceSchema = z
  .object({
    serviceId: z.string(),
    name: z.string(),
    /** The service's short description, empty when it has none: the line under its name. */
    shortDescription: z.string(),
    provider: z.string(),
    /** The provider institution's logo address, null without a logo. */
    providerLogo: z.string().nullable(),
    state: serviceStateSchema,
    onlineSince: isoDateTime.nullable(),
    onlineUntil: isoDateTime.nullable(),
    /** Why it is not available or at full capacity, and until when; null otherwise. */
    statusNotice: statusNoticeAnswerSchema.nullable(),
    /** The downtime running now, else the next one coming within DOWNTIME_PORTFOLIO_DAYS_AHEAD days; null otherwise. */
    downtime: publicDowntimeSchema.nullable(),
  })
  .meta({ id: 'PublicService' });
export const publicPortfolioSchema = z
  .object({ current: z.array(publicServiceSchema), past: z.array(publicServiceSchema) })
  .meta({ id: 'PublicPortfolio' });
export type PublicService = z.infer<typeof publicServiceSchema>;
export type PublicPortfolio = z.infer<typeof publicPortfolioSchema>;
