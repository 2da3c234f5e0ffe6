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
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentComment } from '../presenters/comment.js';
import { listServiceComments } from '../queries/comments.js';

/** Comments on a service: whoever sees the service reads them; the provider side, SPM and SIM write. */
export const commentRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('comments'));
  const { db } = context.database;

  api.get('/services/:id/comments', {
    access: 'service.read',
    summary: "A service's comments, newest first, a page at a time (`limit`, at most 200; `cursor` from `nextCursor`)",
    params: serviceIdParamSchema,
    querystring: streamPageQuerySchema,
    answer: commentListSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      const page = await listServiceComments(db, service.row.id, request.query);
      return { items: page.items.map(presentComment), nextCursor: page.nextCursor };
    },
  });

  api.post('/services/:id/comments', {
    access: 'service.update',
    summary: 'Add a comment to a service',
    params: serviceIdParamSchema,
    body: commentRequestSchema,
    ...createAnswers(commentSchema, 404),
    handler: async (request, principal) => {
      const row = await addComment(context.writes, principal, request.params.id, request.body.text);
      return presentComment(row);
    },
  });
};
