import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from '../schemas/text.js';
import { TOKEN_MAX_DAYS, TOKEN_SCOPES } from './scopes.js';

const isoDateTime = z.string().meta({ format: 'date-time' });

export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: msg('validation.invalid') });

/** A new token: its name, how many days it lives (at most a year) and what it may do. */
export const createApiTokenSchema = z
  .object({
    name: text({ error: msg('validation.required') })
      .trim()
      .min(1, { error: msg('validation.required') })
      .max(100, { error: msg('apiTokens.nameTooLong') }),
    expiresInDays: z
      .int({ error: msg('validation.invalid') })
      .min(1, { error: msg('apiTokens.expiryRange') })
      .max(TOKEN_MAX_DAYS, { error: msg('apiTokens.expiryRange') }),
    scopes: z
      .array(tokenScopeSchema)
      .min(1, { error: msg('apiTokens.scopesRequired') })
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: msg('validation.invalid') }),
  })
  .meta({ id: 'CreateApiToken' });
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** A token as its owner sees it: never the secret, only its first characters. */
export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** `nubes_pat_` and the secret's first characters: enough to tell tokens apart. */
    prefix: z.string(),
    scopes: z.array(tokenScopeSchema),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a new token: the one time its secret is shown. */
export const createdApiTokenSchema = apiTokenSchema
  .extend({ token: z.string().describe('The whole token; shown this once, only its hash is kept.') })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) }).meta({ id: 'ApiTokenList' });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** Every token of the portal, for the portal manager, with its owner. */
export const ownedApiTokenSchema = apiTokenSchema
  .extend({ owner: z.object({ id: z.string(), username: z.string(), fullname: z.string() }) })
  .meta({ id: 'OwnedApiToken' });
export type OwnedApiToken = z.infer<typeof ownedApiTokenSchema>;

export const allApiTokensSchema = z.object({ items: z.array(ownedApiTokenSchema) }).meta({ id: 'AllApiTokens' });
export type AllApiTokens = z.infer<typeof allApiTokensSchema>;

export const apiTokenIdParamSchema = z.object({ id: z.uuid({ error: msg('validation.invalid') }) });
