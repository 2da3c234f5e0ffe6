import { z } from 'zod';
import { msg } from '../i18n/core.js';
import type { FieldMessages } from '../i18n/types.js';
import { listPageFields } from '../schemas/list-query.js';
import { institutionRefSchema, userRefSchema, versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';
import { VO_NAME_MAX_LENGTH, VO_NAME_PATTERN, VO_NAME_MESSAGES, VO_NAME_RULES } from './name-rules.js';
import { VO_STATES } from './states.js';
import { VO_ACTIONS } from './workflow.js';

/** Messages are i18n keys; server and web translate them in the reader's language. */
const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VO_DESCRIPTION_MAX_LENGTH = 5000;
export const VO_AUP_ADDITIONS_MAX_LENGTH = 10_000;
export const VO_MAX_SERVICES = 100;

/** The application's four pages, in their order. */
export const VO_PAGES = ['termsOfUse', 'aaiPolicies', 'general', 'aup'] as const;
export type VoPage = (typeof VO_PAGES)[number];

/** The fields of the application, by the page that holds them. */
export const VO_PAGE_FIELDS = {
  termsOfUse: ['termsConfirmed'],
  aaiPolicies: ['policiesAccepted'],
  general: [
    'name',
    'description',
    'homeInstitutionId',
    'deputyId',
    'securityContactEmail',
    'expectedMembers',
    'serviceIds',
  ],
  aup: ['aupAdditions'],
} as const satisfies Record<VoPage, readonly string[]>;

export type VoField = (typeof VO_PAGE_FIELDS)[VoPage][number];

/** The page a field is on, to open the page of the first failing field. */
export const voPageOf = (field: string): VoPage | undefined =>
  VO_PAGES.find((page) => (VO_PAGE_FIELDS[page] as readonly string[]).includes(field));

export const voNameSchema = text({ error: msg(VO_NAME_MESSAGES.required) })
  .trim()
  .min(1, msg(VO_NAME_MESSAGES.required))
  .max(VO_NAME_MAX_LENGTH, msg(VO_NAME_MESSAGES.tooLong))
  .refine((value) => value === '' || VO_NAME_PATTERN.test(value), msg(VO_NAME_MESSAGES.characters));

/** One schema per page; every field but the name may be empty when saving. */
export const voTermsOfUsePageSchema = z.object({
  termsConfirmed: z.boolean({ error: msg('validation.invalidType') }),
});
export const voAaiPoliciesPageSchema = z.object({
  policiesAccepted: z.boolean({ error: msg('validation.invalidType') }),
});
export const voGeneralPageSchema = z.object({
  name: voNameSchema,
  description: text().trim().max(VO_DESCRIPTION_MAX_LENGTH, msg('validation.tooLong')),
  homeInstitutionId: id.nullable(),
  deputyId: id.nullable(),
  securityContactEmail: text()
    .trim()
    .max(320, msg('validation.tooLong'))
    .refine((value) => value === '' || EMAIL.test(value), msg('validation.email')),
  expectedMembers: z
    .int({ error: msg('vos.validation.expectedMembers') })
    .min(1, msg('vos.validation.expectedMembers'))
    .max(10_000_000, msg('vos.validation.expectedMembers'))
    .nullable(),
  serviceIds: z
    .array(id)
    .max(VO_MAX_SERVICES, msg('validation.tooLong'))
    .refine((ids) => new Set(ids).size === ids.length, msg('validation.invalid')),
});
export const voAupPageSchema = z.object({
  aupAdditions: text().max(VO_AUP_ADDITIONS_MAX_LENGTH, msg('validation.tooLong')),
});

export const VO_PAGE_SCHEMAS = {
  termsOfUse: voTermsOfUsePageSchema,
  aaiPolicies: voAaiPoliciesPageSchema,
  general: voGeneralPageSchema,
  aup: voAupPageSchema,
} as const satisfies Record<VoPage, z.ZodObject>;

/** Every field of the application with a value: what the form holds. */
export const voFormSchema = voTermsOfUsePageSchema
  .extend(voAaiPoliciesPageSchema.shape)
  .extend(voGeneralPageSchema.shape)
  .extend(voAupPageSchema.shape)
  .strict()
  .meta({ id: 'VoForm' });
export type VoFormValues = z.infer<typeof voFormSchema>;
export type VoFormInput = z.input<typeof voFormSchema>;

/** An empty application, the New VO Application form's start. */
export const EMPTY_VO_FORM: VoFormValues = {
  termsConfirmed: false,
  policiesAccepted: false,
  name: '',
  description: '',
  homeInstitutionId: null,
  deputyId: null,
  securityContactEmail: '',
  expectedMembers: null,
  serviceIds: [],
  aupAdditions: '',
};

/** Saving needs the name only; every other field is checked when present. */
export const createVoSchema = voFormSchema.partial().extend({ name: voNameSchema }).strict().meta({ id: 'CreateVo' });
export type CreateVo = z.infer<typeof createVoSchema>;

/** A partial save: only what is named changes; `version` is the one the client read. */
export const updateVoSchema = voFormSchema
  .partial()
  .extend({ version: versionSchema })
  .strict()
  .meta({ id: 'UpdateVo' });
export type UpdateVo = z.infer<typeof updateVoSchema>;

export const voTransitionSchema = z
  .object({
    action: z.enum(VO_ACTIONS, { error: msg('validation.option') }),
    version: versionSchema,
    /** Required for back to draft from received (the rule says so); kept with the step otherwise. */
    comment: text().trim().max(5000, msg('validation.tooLong')).optional(),
  })
  .strict()
  .meta({ id: 'VoTransition' });
export type VoTransition = z.infer<typeof voTransitionSchema>;

export const voIdParamSchema = z.object({ id });

/** `id`: the VO whose name is being changed, so its own name counts as free. */
export const voNameCheckQuerySchema = z
  .object({ name: text().max(1000, msg('validation.tooLong')), id: id.optional() })
  .strict();
export type VoNameCheckQuery = z.infer<typeof voNameCheckQuerySchema>;

/** Whether a name may be saved: `ok`, or the rule it breaks with its message in the caller's language. */
export const voNameCheckSchema = z
  .object({
    name: z.string(),
    ok: z.boolean(),
    rule: z.enum(VO_NAME_RULES).nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'VoNameCheck' });
export type VoNameCheck = z.infer<typeof voNameCheckSchema>;

/**
 * The send check: every field that fails, with its message key. The pages' format rules are the
 * schemas'; sending also needs the terms confirmed, the policies accepted and every field of the
 * general page but the deputy's second voice filled in, with a deputy who is not the applicant.
 */
export const voSendProblems = (values: Partial<VoFormValues>, applicantId?: string): FieldMessages => {
  const problems: FieldMessages = {};
  const parsed = voFormSchema.partial().safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems[field] ??= issue.message as FieldMessages[string];
    }
  if (values.termsConfirmed !== true) problems.termsConfirmed ??= 'vos.validation.termsRequired';
  if (values.policiesAccepted !== true) problems.policiesAccepted ??= 'vos.validation.policiesRequired';
  if (!values.name?.trim()) problems.name ??= VO_NAME_MESSAGES.required;
  if (!values.description?.trim()) problems.description ??= 'vos.validation.descriptionRequired';
  if (!values.homeInstitutionId) problems.homeInstitutionId ??= 'vos.validation.homeInstitutionRequired';
  if (!values.deputyId) problems.deputyId ??= 'vos.validation.deputyRequired';
  else if (applicantId && values.deputyId === applicantId) problems.deputyId ??= 'vos.validation.deputyIsApplicant';
  if (!values.securityContactEmail?.trim()) problems.securityContactEmail ??= 'vos.validation.securityContactRequired';
  if (values.expectedMembers === null || values.expectedMembers === undefined)
    problems.expectedMembers ??= 'vos.validation.expectedMembers';
  if (!values.serviceIds?.length) problems.serviceIds ??= 'vos.validation.servicesRequired';
  return problems;
};

const voStateSchema = z.enum(VO_STATES);
const voActionSchema = z.enum(VO_ACTIONS);

export const voServiceRefSchema = z
  .object({ id: z.string(), serviceId: z.string(), name: z.string() })
  .meta({ id: 'VoServiceRef' });
export type VoServiceRef = z.infer<typeof voServiceRefSchema>;

/** A comment of the review, written with a step (back to draft needs one) . */
export const voCommentSchema = z
  .object({
    id: z.string(),
    author: userRefSchema.nullable(),
    text: z.string(),
    action: voActionSchema,
    fromState: voStateSchema,
    toState: voStateSchema,
    createdAt: isoDateTime,
  })
  .meta({ id: 'VoComment' });
export type VoComment = z.infer<typeof voCommentSchema>;

/** Who confirmed or accepted, and when; null while not (or no longer) done. */
const confirmationSchema = z.object({ by: userRefSchema.nullable(), at: isoDateTime }).nullable();

export const voDetailsSchema = voFormSchema
  .extend({
    id: z.string(),
    state: voStateSchema,
    version: z.int(),
    applicant: userRefSchema,
    deputy: userRefSchema.nullable(),
    homeInstitution: institutionRefSchema.nullable(),
    services: z.array(voServiceRefSchema),
    termsConfirmation: confirmationSchema,
    policiesAcceptance: confirmationSchema,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    /** The steps this caller may take now. */
    actions: z.array(voActionSchema),
    /** Whether this caller may change the pages now (draft, applicant or deputy). */
    canEdit: z.boolean(),
    /** The review's comments, oldest first. */
    comments: z.array(voCommentSchema),
    /** The AARC-G069 group entitlement, once the VO is available. */
    entitlement: z.string().nullable(),
  })
  .strip()
  .meta({ id: 'VoDetails' });
export type VoDetails = z.infer<typeof voDetailsSchema>;

export const voListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: voStateSchema,
    applicant: z.string(),
    deputy: z.string().nullable(),
    /** The caller is the applicant or the deputy. */
    mine: z.boolean(),
    /** The VO waits for a step the caller may take as a reviewer (listed first). */
    waitingForReview: z.boolean(),
    updatedAt: isoDateTime,
    entitlement: z.string().nullable(),
  })
  .meta({ id: 'VoListItem' });
export type VoListItem = z.infer<typeof voListItemSchema>;

export const voListSchema = z
  .object({ items: z.array(voListItemSchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'VoList' });
export type VoList = z.infer<typeof voListSchema>;

export const VO_LIST_SORTS = ['updatedAt', 'name', 'state'] as const;

export const voListQuerySchema = z
  .object({
    state: z.enum(VO_STATES, { error: msg('validation.option') }).optional(),
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    ...listPageFields(VO_LIST_SORTS, { sort: 'updatedAt', order: 'desc' }),
  })
  .strict();
export type VoListQuery = z.infer<typeof voListQuerySchema>;
export type VoListQueryInput = z.input<typeof voListQuerySchema>;

export const aaiPolicyDocumentSchema = z
  .object({ name: z.string(), url: z.string() })
  .meta({ id: 'AaiPolicyDocument' });

export const voSettingsSchema = z
  .object({
    policies: z.array(aaiPolicyDocumentSchema),
    entitlementNamespace: z.string(),
    entitlementAuthority: z.string(),
    /** The entitlement with `<VO name>` in place of the name, for display. */
    entitlementPattern: z.string(),
  })
  .meta({ id: 'VoSettings' });
export type VoSettings = z.infer<typeof voSettingsSchema>;

/** The services a VO may choose: those online, by name. */
export const voServiceOptionsSchema = z.object({ items: z.array(voServiceRefSchema) }).meta({ id: 'VoServiceOptions' });
export type VoServiceOptions = z.infer<typeof voServiceOptionsSchema>;
