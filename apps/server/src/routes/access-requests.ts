import { accessRequestAnswerSchema, accessRequestSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { requestAccess } from '../commands/request-access.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';

/** Asking the portal management for access (docs/adr/0082-home-queues-and-asking-for-access.md). */
export const accessRequestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('user accounts'));

  app.post(
    '/access-requests',
    {
      config: { access: 'access.request' },
      schema: {
        summary: 'Ask the portal management for access to a screen (or to the portal’s work in general)',
        description:
          'Mails the portal managers with the caller’s name, login and address, the screen and the note, linking the caller’s user account, where a role is given. Changes no role.',
        body: accessRequestSchema,
        response: { 200: accessRequestAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => requestAccess(context.writes, requirePrincipal(request), request.body),
  );
};
