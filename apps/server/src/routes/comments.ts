import {
  commentListSchema,
  commentRequestSchema,
  commentSchema,
  serviceIdParamSchema,
  streamPageQuerySchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { addComment } from '../commands/add-comment.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentComment } from '../presenters/comment.js';
import { listServiceComments } from '../queries/comments.js';

/** Comments on a service: whoever sees the service reads them; the provider side, SPM and SIM write. */
export const commentRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('comments'));
  const { db } = context.database;

  app.get(
    '/services/:id/comments',
    {
      config: { access: 'service.read' },
      schema: {
        summary:
          "A service's comments, newest first, a page at a time (`limit`, at most 200; `cursor` from `nextCursor`)",
        params: serviceIdParamSchema,
        querystring: streamPageQuerySchema,
        response: { 200: commentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const service = await loadVisibleService(db, request.params.id, requirePrincipal(request));
      const page = await listServiceComments(db, service.row.id, request.query);
      return { items: page.items.map(presentComment), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/services/:id/comments',
    {
      config: { access: 'service.update' },
      schema: {
        summary: 'Add a comment to a service',
        params: serviceIdParamSchema,
        body: commentRequestSchema,
        response: { 201: commentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await addComment(context.writes, requirePrincipal(request), request.params.id, request.body.text);
      return reply.code(201).send(presentComment(row));
    },
  );
};
