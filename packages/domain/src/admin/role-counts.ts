import { z } from 'zod';
import { ROLES } from '../roles.js';

/** A role and how many users hold it, given in the portal or brought from the identity provider. */
export const roleCountSchema = z.object({ role: z.enum(ROLES), users: z.int() }).meta({ id: 'RoleCount' });
export type RoleCount = z.infer<typeof roleCountSchema>;

export const roleCountListSchema = z.object({ items: z.array(roleCountSchema) }).meta({ id: 'RoleCountList' });
export type RoleCountList = z.infer<typeof roleCountListSchema>;
