import { loginRequestSchema, tokenResponseSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { loginWithPassword } from '../commands/login-with-password.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';

export const sessionRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Direct login for portal administrators',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = await loginWithPassword(context, request.body, request.ip, request.language);
      return { token: await context.tokens.issue(user) };
    },
  );

  app.post(
    '/login-renew',
    {
      config: { access: 'session.renew' },
      schema: {
        tags: ['session'],
        summary: 'Renew the own session token (the web app renews between 180 and 240 minutes)',
        security: [{ bearer: [] }],
        response: { 200: tokenResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      return { token: await context.tokens.issue(requirePrincipal(request)) };
    },
  );
};
