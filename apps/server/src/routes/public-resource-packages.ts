import { publicResourcePackageListSchema, publicResourcePackageQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { errorResponses } from '../http/openapi.js';
import { presentPublicResourcePackages } from '../presenters/public-resource-package.js';
import { loadPublicResourcePackages } from '../queries/public-resource-packages.js';

/** The approved resource packages of the catalogue's services: no login, the same answer for everyone. */
export const publicResourcePackageRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context.database;

  app.get(
    '/public/resource-packages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'The approved resource packages of the services in the catalogue',
        description:
          'Packages a resource package manager approved, of services that are online, not available or at full capacity, by service name and then package name (`order=desc` reverses both). `service` filters by the service ID the public portfolio shows (SVC-00012), `type` by the resource type key (`openstack-project`). Drafts, packages under review or rejected, and packages of services outside the catalogue never show. Pages of at most 100.',
        querystring: publicResourcePackageQuerySchema,
        response: { 200: publicResourcePackageListSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { rows, total } = await loadPublicResourcePackages(db, request.query);
      return presentPublicResourcePackages(rows, total, request.query);
    },
  );
};
