import { publicServiceParamSchema, routePath, SERVICE_ID_PATTERN } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { loadPublicService } from '../queries/public-service.js';

/**
 * The stable address of a service, `/services/SVC-00042`: a temporary redirect (302) to its public
 * page, so the identifier outlives the page's address. A service the public portfolio does not
 * list, and an ID that names none, get the portal's not-found page
 * (docs/adr/0114-an-api-document-clients-can-trust.md).
 */
export const serviceAddressRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/services/:serviceId',
    { config: { access: 'public' }, schema: { hide: true, params: publicServiceParamSchema } },
    async (request, reply) => {
      const { serviceId } = request.params;
      if (!SERVICE_ID_PATTERN.test(serviceId) || !(await loadPublicService(context.database.db, serviceId)))
        return reply.callNotFound();
      return reply.redirect(routePath('publicService', { serviceId }), 302);
    },
  );
};
