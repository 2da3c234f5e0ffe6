import {
  oauthFinishRequestSchema,
  oauthStartQuerySchema,
  oauthStartResponseSchema,
  tokenResponseSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { upsertSsoUser } from '../commands/upsert-sso-user.js';
import { loadEntitlementMap } from '../queries/entitlement-roles.js';
import { errorResponses } from '../http/openapi.js';
import { cookieIsSecure, setSessionCookie } from '../http/session-cookie.js';
import { sessionClientOf } from './session.js';

export const oauthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/login-oauth',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Start single sign-on: a session id to keep and the identity provider URL to go to',
        querystring: oauthStartQuerySchema,
        response: { 200: oauthStartResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return context.oidc.start(request.query.publicUrl);
    },
  );

  app.post(
    '/login-oauth',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary:
          'Finish single sign-on: exchange code and state (checked with nonce and PKCE) for a token; sets the auth cookie',
        body: oauthFinishRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const claims = await context.oidc.finish(request.body);
      // The explicit pairs are the admin panel's table (seeded from OIDC_ENTITLEMENT_ROLES); the prefix stays configuration.
      const mapping = {
        prefix: context.config.entitlements.prefix,
        map: await loadEntitlementMap(context.database.db),
      };
      const user = await upsertSsoUser(context.writes, claims, mapping, request.language, sessionClientOf(request));
      const token = await context.tokens.issue(user, user.session!);
      setSessionCookie(reply, token, user.session!.expiresAt, cookieIsSecure(context.config.publicUrl));
      return { token };
    },
  );
};
