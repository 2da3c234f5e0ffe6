import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { listPageFields } from '../schemas/list-query.js';
import { institutionRefSchema, userRefSchema, versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';
import { SERVICE_STATES } from '../services/states.js';
import { RESOURCE_PACKAGE_ACTIONS, RESOURCE_PACKAGE_STATES, resourcePackageRule } from './states.js';

const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });

/** Longest JSON text the API takes for a policy or a type's schema; real ones are a few KB. */
export const MAX_JSON_TEXT = 100_000;

// ---------------------------------------------------------------------------------------------
// Resource types

/** A type's key: stable, for the API and exports (`openstack-project`); lower case, digits and hyphens. */
export const RESOURCE_TYPE_KEY_PATTERN = /^[a-z][a-z0-9-]{1,48}[a-z0-9]$/;

const localized = (max: number, required: MessageKeyRequired) =>
  z
    .object({
      en: text().trim().min(1, msg(required)).max(max, msg('validation.tooLong')),
      de: text().trim().min(1, msg(required)).max(max, msg('validation.tooLong')),
    })
    .strict();
type MessageKeyRequired =
  'resourceTypes.nameRequired' | 'resourceTypes.descriptionRequired' | 'resourceTypes.unitRequired';

/**
 * The JSON Schema (draft 2020-12) a type's policies must meet, as the JSON text the manager wrote.
 * The server parses it, checks it against the meta-schema and that it describes an object, and
 * compiles it once per type version.
 */
const jsonText = text().max(MAX_JSON_TEXT, msg('validation.tooLong'));

export const resourceTypeIdParamSchema = z.object({ id });

const resourceTypeFields = {
  name: localized(200, 'resourceTypes.nameRequired'),
  description: localized(2_000, 'resourceTypes.descriptionRequired'),
  /** What the quota counts, e.g. "vCPUs", "TB", "core hours". */
  quotaUnit: localized(50, 'resourceTypes.unitRequired'),
  schema: jsonText.min(1, msg('resourceTypes.schemaRequired')),
};

export const createResourceTypeSchema = z
  .object({
    key: text().regex(RESOURCE_TYPE_KEY_PATTERN, msg('resourceTypes.keyRule')),
    ...resourceTypeFields,
  })
  .strict()
  .meta({ id: 'CreateResourceType' });
export type CreateResourceType = z.infer<typeof createResourceTypeSchema>;

/** The key stays; `retired` takes the type out of the choice for new packages (a type in use is never deleted). */
export const updateResourceTypeSchema = z
  .object({ version: versionSchema, ...resourceTypeFields, retired: z.boolean() })
  .strict()
  .meta({ id: 'UpdateResourceType' });
export type UpdateResourceType = z.infer<typeof updateResourceTypeSchema>;

/** A delete names the version the caller read, like every other write. */
export const versionQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) }).strict();

const localizedOut = z.object({ en: z.string(), de: z.string() });

export const resourceTypeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: localizedOut,
    description: localizedOut,
    quotaUnit: localizedOut,
    /** The JSON Schema as an object. */
    schema: z.record(z.string(), z.unknown()),
    retired: z.boolean(),
    version: z.int(),
    /** How many packages use it: a type in use is retired, not deleted. */
    packageCount: z.int(),
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ResourceType' });
export type ResourceType = z.infer<typeof resourceTypeSchema>;

export const resourceTypeListSchema = z.object({ items: z.array(resourceTypeSchema) }).meta({ id: 'ResourceTypeList' });
export type ResourceTypeList = z.infer<typeof resourceTypeListSchema>;

// ---------------------------------------------------------------------------------------------
// Resource packages

export const resourcePackageParamsSchema = z.object({ id, packageId: id });

const policyName = text()
  .trim()
  .min(1, msg('resourcePackages.policyNamesRequired'))
  .max(100, msg('validation.tooLong'));

const resourcePackageFields = {
  name: text().trim().min(1, msg('resourcePackages.nameRequired')).max(200, msg('validation.tooLong')),
  typeId: z.uuid({ error: msg('resourcePackages.typeRequired') }),
  quota: z
    .number({ error: msg('resourcePackages.quotaRequired') })
    .positive(msg('resourcePackages.quotaPositive'))
    .max(1e12, msg('resourcePackages.quotaPositive')),
  /** The names the policy is known by where the service provisions it (project templates, QoS names). */
  policyNames: z
    .array(policyName)
    .min(1, msg('resourcePackages.policyNamesRequired'))
    .max(20, msg('validation.tooLong')),
  /**
   * The policy as the JSON text the person wrote. The server answers "Cannot save invalid JSON"
   * for text that does not parse, and each place the type's schema refuses under `policy/<pointer>`.
   */
  policy: jsonText.min(1, msg('resourcePackages.invalidJson')),
};

export const createResourcePackageSchema = z
  .object(resourcePackageFields)
  .strict()
  .meta({ id: 'CreateResourcePackage' });
export type CreateResourcePackage = z.infer<typeof createResourcePackageSchema>;

/** Replaces the package's values; an approved or rejected package goes back to draft. */
export const updateResourcePackageSchema = z
  .object({ version: versionSchema, ...resourcePackageFields })
  .strict()
  .meta({ id: 'UpdateResourcePackage' });
export type UpdateResourcePackage = z.infer<typeof updateResourcePackageSchema>;

/** A review step; a rejection says why. */
export const resourcePackageStepSchema = z
  .object({
    action: z.enum(RESOURCE_PACKAGE_ACTIONS, { error: msg('validation.option') }),
    version: versionSchema,
    comment: text().trim().max(5_000, msg('validation.tooLong')).optional(),
  })
  .strict()
  .superRefine((step, ctx) => {
    if (resourcePackageRule(step.action).needsComment && !step.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: msg('resourcePackages.commentRequired') });
  })
  .meta({ id: 'ResourcePackageStep' });
export type ResourcePackageStep = z.infer<typeof resourcePackageStepSchema>;

const packageServiceSchema = z
  .object({ id: z.string(), serviceId: z.string(), name: z.string(), state: z.enum(SERVICE_STATES) })
  .meta({ id: 'ResourcePackageService' });

const packageTypeSchema = z
  .object({ id: z.string(), key: z.string(), name: localizedOut, quotaUnit: localizedOut, retired: z.boolean() })
  .meta({ id: 'ResourcePackageType' });

export const resourcePackageSchema = z
  .object({
    id: z.string(),
    service: packageServiceSchema,
    provider: institutionRefSchema.nullable(),
    name: z.string(),
    type: packageTypeSchema,
    quota: z.number(),
    policyNames: z.array(z.string()),
    /** The policy as a JSON object. */
    policy: z.unknown(),
    state: z.enum(RESOURCE_PACKAGE_STATES),
    version: z.int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    updatedBy: userRefSchema.nullable(),
    submittedAt: isoDateTime.nullable(),
    submittedBy: userRefSchema.nullable(),
    decidedAt: isoDateTime.nullable(),
    decidedBy: userRefSchema.nullable(),
    /** The reviewer's comment on the last rejection (or approval), until the package is submitted again. */
    reviewComment: z.string().nullable(),
    /** The review steps this caller may take now. */
    actions: z.array(z.enum(RESOURCE_PACKAGE_ACTIONS)),
    /** Whether this caller may change or delete the package now. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'ResourcePackage' });
export type ResourcePackage = z.infer<typeof resourcePackageSchema>;

export const serviceResourcePackagesSchema = z
  .object({
    /** Whether the caller may add a package to this service. */
    canCreate: z.boolean(),
    items: z.array(resourcePackageSchema),
  })
  .meta({ id: 'ServiceResourcePackages' });
export type ServiceResourcePackages = z.infer<typeof serviceResourcePackagesSchema>;

// ---------------------------------------------------------------------------------------------
// The review list

/** `waiting`: submitted packages first, oldest submission first, then the rest by last edit. */
const REVIEW_SORTS = ['waiting', 'submittedAt', 'updatedAt', 'name', 'service', 'type', 'state'] as const;

export const resourcePackageReviewQuerySchema = z
  .object({
    state: z.enum(RESOURCE_PACKAGE_STATES, { error: msg('validation.option') }).optional(),
    type: text().max(50, msg('validation.tooLong')).optional(),
    /** Matches package name, service name, service ID, provider and who submitted it. */
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    ...listPageFields(REVIEW_SORTS, { sort: 'waiting', order: 'asc' }),
  })
  .strict();
export type ResourcePackageReviewQuery = z.infer<typeof resourcePackageReviewQuerySchema>;

/**
 * A row of the review list carries what its columns show and what a step needs (id, name, version,
 * actions, the service's id for the policy view's link), and nothing more: every byte is paid for
 * on each of the list's pages (docs/adr/0135-list-answers-carry-what-the-screen-shows.md).
 */
const reviewRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    service: z.object({ id: z.string(), serviceId: z.string(), name: z.string() }),
    provider: z.object({ abbreviation: z.string(), name: z.string() }).nullable(),
    type: z.object({ name: localizedOut, quotaUnit: localizedOut }),
    quota: z.number(),
    state: z.enum(RESOURCE_PACKAGE_STATES),
    version: z.int(),
    submittedAt: isoDateTime.nullable(),
    /** The submitter's full name. */
    submittedBy: z.string().nullable(),
    actions: z.array(z.enum(RESOURCE_PACKAGE_ACTIONS)),
  })
  .meta({ id: 'ResourcePackageReviewRow' });
export type ResourcePackageReviewRow = z.infer<typeof reviewRowSchema>;

export const resourcePackageReviewListSchema = z
  .object({
    items: z.array(reviewRowSchema),
    total: z.int(),
    /** Submitted packages across the whole list, whatever the filter: the reviewer's work. */
    waiting: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: 'ResourcePackageReviewList' });
export type ResourcePackageReviewList = z.infer<typeof resourcePackageReviewListSchema>;

// ---------------------------------------------------------------------------------------------
// The public read

export const publicResourcePackageQuerySchema = z
  .object({
    /** A service ID as the public portfolio shows it. */
    service: text().max(50, msg('validation.tooLong')).optional(),
    type: text().max(50, msg('validation.tooLong')).optional(),
    ...listPageFields(['name'], { sort: 'name', order: 'asc' }),
  })
  .strict();
export type PublicResourcePackageQuery = z.infer<typeof publicResourcePackageQuerySchema>;

const publicResourcePackageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    service: z.object({ serviceId: z.string(), name: z.string() }),
    provider: z.string(),
    type: z.object({ key: z.string(), name: localizedOut, quotaUnit: localizedOut }),
    quota: z.number(),
    policyNames: z.array(z.string()),
    policy: z.unknown(),
    approvedAt: isoDateTime,
  })
  .meta({ id: 'PublicResourcePackage' });
export type PublicResourcePackage = z.infer<typeof publicResourcePackageSchema>;

export const publicResourcePackageListSchema = z
  .object({ items: z.array(publicResourcePackageSchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'PublicResourcePackageList' });
export type PublicResourcePackageList = z.infer<typeof publicResourcePackageListSchema>;
