import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { ROLES } from '../roles.js';
import { listPageFields } from '../schemas/list-query.js';
import { institutionRefSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';
import { linkedContactSchema } from '../contacts/schemas.js';
import { userGoneSchema } from './gone.js';

const isoDateTime = z.string().meta({ format: 'date-time' });
const role = z.enum(ROLES, { error: msg('validation.option') });

export const USER_ACCOUNT_SORTS = ['fullname', 'username', 'email', 'lastLoginAt'] as const;

export const userAccountIdParamSchema = z.object({ id: z.uuid({ error: msg('validation.invalid') }) });

export const userAccountQuerySchema = z
  .object({
    /** Matches name, username and e-mail. */
    q: text().trim().max(200, msg('validation.tooLong')).optional(),
    /** Holds the role, given in the portal or mapped from the IdP. */
    role: role.optional(),
    institution: z.uuid({ error: msg('validation.invalid') }).optional(),
    ...listPageFields(USER_ACCOUNT_SORTS, { sort: 'fullname', order: 'asc' }),
  })
  .strict();
export type UserAccountQuery = z.infer<typeof userAccountQuerySchema>;

const userAccountRowSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    fullname: z.string(),
    email: z.string(),
    institution: institutionRefSchema.nullable(),
    roles: z.array(z.enum(ROLES)),
    entitlementRoles: z.array(z.enum(ROLES)),
    lastLoginAt: isoDateTime.nullable(),
    /** When the person was marked gone (docs/adr/0123-people-who-leave.md); null while active. */
    goneAt: isoDateTime.nullable(),
  })
  .meta({ id: 'UserAccountRow' });
export type UserAccountRow = z.infer<typeof userAccountRowSchema>;

export const userAccountListSchema = z
  .object({ items: z.array(userAccountRowSchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'UserAccountList' });
export type UserAccountList = z.infer<typeof userAccountListSchema>;

const userAccountEventSchema = z
  .object({
    id: z.string(),
    at: isoDateTime,
    actor: z.string(),
    action: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    /** What the object is called now; null when it is gone or has none. */
    objectName: z.string().nullable(),
    /** The object's screen in the portal, when it is still there and has one of its own. */
    objectLink: z.string().nullable(),
    /** Whether the user did it or it was done to the user's account. */
    as: z.enum(['actor', 'object']),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'UserAccountEvent' });
export type UserAccountEvent = z.infer<typeof userAccountEventSchema>;

export const userAccountSchema = userAccountRowSchema
  .extend({
    internalId: z.string().nullable(),
    organisation: z.string().nullable(),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
    /** The user's audit events, as actor and as object, newest first (at most 100). */
    events: z.array(userAccountEventSchema),
    /** Whether the caller may change the roles given in the portal. */
    canManageRoles: z.boolean(),
    /** Whether the caller may mark the person gone or bring them back. */
    canMarkGone: z.boolean(),
    gone: userGoneSchema.nullable(),
    version: z.int(),
    /** The contact sharing the account's e-mail address (regardless of case), if one exists. */
    contact: linkedContactSchema.nullable(),
  })
  .meta({ id: 'UserAccount' });
export type UserAccount = z.infer<typeof userAccountSchema>;

export const updateUserRolesSchema = z
  .object({
    roles: z.array(role).max(ROLES.length, msg('validation.tooLong')),
    /** The portal roles as the caller read them: stored roles that differ answer 409. */
    expected: z.array(z.string().max(100, msg('validation.tooLong'))).max(50, msg('validation.tooLong')),
  })
  .strict()
  .meta({ id: 'UpdateUserRoles' });
export type UpdateUserRolesRequest = z.infer<typeof updateUserRolesSchema>;
