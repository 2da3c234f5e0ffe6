import { z } from 'zod';
import { OIDC_PROVIDER_ID } from '../session.js';

/** Messages are i18n keys; server and web translate them into the user's language. */
export const loginRequestSchema = z
  .object({
    login: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    password: z.string().min(1, 'validation.required').max(1000, 'validation.tooLong'),
  })
  .meta({ id: 'LoginRequest' });

export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() }).meta({ id: 'TokenResponse' });

const publicUrl = z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2000, 'validation.tooLong');

export const oauthStartQuerySchema = z.object({
  provider: z.literal(OIDC_PROVIDER_ID, 'validation.provider'),
  publicUrl,
});

export const oauthStartResponseSchema = z
  .object({ session: z.string(), next_url: z.string() })
  .meta({ id: 'OAuthStart' });

export const oauthFinishRequestSchema = z
  .object({
    provider: z.literal(OIDC_PROVIDER_ID, 'validation.provider'),
    qs: z.object({
      code: z.string().min(1, 'validation.required').max(4000, 'validation.tooLong'),
      state: z.string().min(1, 'validation.required').max(500, 'validation.tooLong'),
      /** RFC 9207 issuer of the authorization response, when the IdP sends one. */
      iss: z.string().max(2000, 'validation.tooLong').optional(),
    }),
    session: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
    publicUrl,
  })
  .meta({ id: 'OAuthFinish' });

export type OAuthFinishRequest = z.infer<typeof oauthFinishRequestSchema>;

export const usernameParamSchema = z.object({
  username: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
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

/** The token payload the web app reads (SPEC §3); the signature is checked by the server only. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  exp: z.number(),
  fullname: z.string().optional(),
  /** Not in SPEC §3's list, but the web needs it to call GET /api/users/{username} after single sign-on. */
  username: z.string().optional(),
});

/** localStorage.user, exactly as SPEC §3 and DESIGN §1 fix it. */
export const storedSessionSchema = z.object({
  token: z.string(),
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
