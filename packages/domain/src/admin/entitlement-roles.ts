import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { ROLES } from '../roles.js';
import { versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';

const id = z.uuid({ error: msg('validation.invalid') });
const role = z.enum(ROLES, { error: msg('validation.option') });
/** An eduperson_entitlement value as the identity provider sends it (a URN, AARC style). */
const entitlement = text()
  .trim()
  .min(1, msg('validation.required'))
  .max(500, msg('validation.tooLong'))
  .refine((value) => !/\s/.test(value), msg('adminSections.entitlements.noSpaces'));

export const entitlementRoleIdParamSchema = z.object({ id });

/** One pair of the map: who brings this entitlement from the identity provider holds this role. */
export const entitlementRoleSchema = z
  .object({ id: z.string(), entitlement: z.string(), role: z.enum(ROLES), version: z.int() })
  .meta({ id: 'EntitlementRole' });
export type EntitlementRole = z.infer<typeof entitlementRoleSchema>;

export const entitlementRoleListSchema = z
  .object({ items: z.array(entitlementRoleSchema) })
  .meta({ id: 'EntitlementRoleList' });
export type EntitlementRoleList = z.infer<typeof entitlementRoleListSchema>;

export const createEntitlementRoleSchema = z
  .object({ entitlement, role })
  .strict()
  .meta({ id: 'CreateEntitlementRole' });
export type CreateEntitlementRole = z.infer<typeof createEntitlementRoleSchema>;
export type EntitlementRoleFormInput = z.input<typeof createEntitlementRoleSchema>;

export const updateEntitlementRoleSchema = z
  .object({ version: versionSchema, entitlement, role })
  .strict()
  .meta({ id: 'UpdateEntitlementRole' });
export type UpdateEntitlementRole = z.infer<typeof updateEntitlementRoleSchema>;
