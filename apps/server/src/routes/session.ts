import { loginRequestSchema, tokenResponseSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginWithPassword } from '../commands/login-with-password.js';
import { HttpError } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import type { Services } from '../services.js';

export const sessionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
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
      const user = await loginWithPassword(services, request.body, request.ip);
      return { token: await services.tokens.issue(user) };
    },
  );

  app.post(
    '/login-renew',
    {
      config: { access: 'session.renew' },
      schema: {
        tags: ['session'],
        summary: 'Renew the own session token (SPEC §4: between 180 and 240 minutes)',
        security: [{ bearer: [] }],
        response: { 200: tokenResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw new HttpError('unauthorized');
      return { token: await services.tokens.issue(principal) };
    },
  );
};
