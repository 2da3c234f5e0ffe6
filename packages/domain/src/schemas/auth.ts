import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { OIDC_PROVIDER_ID } from '../session.js';
import { isSafeText, text, UNSAFE_TEXT_MESSAGE } from './text.js';

/** Messages are i18n keys; server and web translate them into the user's language. */
export const loginRequestSchema = z
  .object({
    login: text().trim().min(1, msg('validation.required')).max(200, msg('validation.tooLong')),
    password: text().min(1, msg('validation.required')).max(1000, msg('validation.tooLong')),
  })
  .meta({ id: 'LoginRequest' });

export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() }).meta({ id: 'TokenResponse' });

const publicUrl = z
  .url({ protocol: /^https?$/, error: msg('validation.url') })
  .max(2000, msg('validation.tooLong'))
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE);

export const oauthStartQuerySchema = z.object({
  provider: z.literal(OIDC_PROVIDER_ID, msg('validation.provider')),
  publicUrl,
});

export const oauthStartResponseSchema = z
  .object({ session: z.string(), next_url: z.string() })
  .meta({ id: 'OAuthStart' });

export const oauthFinishRequestSchema = z
  .object({
    provider: z.literal(OIDC_PROVIDER_ID, msg('validation.provider')),
    qs: z.object({
      code: text().min(1, msg('validation.required')).max(4000, msg('validation.tooLong')),
      state: text().min(1, msg('validation.required')).max(500, msg('validation.tooLong')),
      /** RFC 9207 issuer of the authorization response, when the IdP sends one. */
      iss: text().max(2000, msg('validation.tooLong')).optional(),
    }),
    session: text().min(1, msg('validation.required')).max(200, msg('validation.tooLong')),
    publicUrl,
  })
  .meta({ id: 'OAuthFinish' });

export type OAuthFinishRequest = z.infer<typeof oauthFinishRequestSchema>;

export const usernameParamSchema = z.object({
  username: text().min(1, msg('validation.required')).max(200, msg('validation.tooLong')),
});

export const userSchema = z
  .object({
    username: z.string(),
    fullname: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'User' });

export type User = z.infer<typeof userSchema>;

/**
 * localStorage.user: the browser session's fixed shape (ADR 0003). No token: the auth cookie holds
 * it, HttpOnly, out of the reach of scripts (docs/adr/0078-sessions-the-server-ends.md).
 */
export const storedSessionSchema = z.object({
  tokenExpire: z.number(),
  roles: z.array(z.string()),
  sessionCreated: z.number(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
});

export type StoredSession = z.infer<typeof storedSessionSchema>;

export const healthResponseSchema = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) })
  .meta({ id: 'Health' });
