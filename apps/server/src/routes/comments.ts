import { commentListSchema, commentRequestSchema, commentSchema, serviceIdParamSchema } from '@nubes/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addComment } from '../commands/add-comment.js';
import { serviceComments } from '../db/schema.js';
import { unauthorized } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentComment } from '../presenters/comment.js';
import type { Services } from '../services.js';

const tags = ['comments'];
const security = [{ bearer: [] }];

/** Comments on a service: whoever sees the service reads them; the provider side, SPM and SIM write. */
export const commentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(
    '/services/:id/comments',
    {
      config: { access: 'service.read' },
      schema: {
        tags,
        summary: "A service's comments, oldest first",
        security,
        params: serviceIdParamSchema,
        response: { 200: commentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthorized();
      const service = await loadVisibleService(db, request.params.id, request.principal);
      const rows = await db
        .select()
        .from(serviceComments)
        .where(eq(serviceComments.serviceId, service.row.id))
        .orderBy(asc(serviceComments.createdAt), asc(serviceComments.id));
      return { items: rows.map(presentComment) };
    },
  );

  app.post(
    '/services/:id/comments',
    {
      config: { access: 'service.update' },
      schema: {
        tags,
        summary: 'Add a comment to a service',
        security,
        params: serviceIdParamSchema,
        body: commentRequestSchema,
        response: { 201: commentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthorized();
      const row = await addComment(db, request.principal, request.params.id, request.body.text);
      return reply.code(201).send(presentComment(row));
    },
  );
};
