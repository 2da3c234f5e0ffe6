import { accessRequestAnswerSchema, accessRequestSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { requestAccess } from '../commands/request-access.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';

/** Asking the portal management for access (docs/adr/0082-home-queues-and-asking-for-access.md). */
export const accessRequestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('user accounts'));

  api.post('/access-requests', {
    access: 'access.request',
    summary: 'Ask the portal management for access to a screen (or to the portal’s work in general)',
    description:
      'Mails the portal managers with the caller’s name, login and address, the screen and the note, linking the caller’s user account, where a role is given. Changes no role.',
    body: accessRequestSchema,
    answer: accessRequestAnswerSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) => requestAccess(context.writes, principal, request.body),
  });
};
