import { createKeywordsRequestSchema, keywordListSchema, keywordQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createKeywords } from '../commands/create-keywords.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { searchKeywords } from '../queries/keywords.js';

export const keywordRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('keywords'));
  const { db } = context.database;

  app.get(
    '/keywords',
    {
      config: { access: 'keyword.read' },
      schema: {
        summary: 'Keywords containing q (case-insensitive), those starting with it first, then by name; at most 50',
        querystring: keywordQuerySchema,
        response: { 200: keywordListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      return { items: await searchKeywords(db, request.query.q ?? '') };
    },
  );

  app.post(
    '/keywords',
    {
      config: { access: 'keyword.create' },
      schema: {
        summary: 'Create keywords; names that exist already (case-insensitive) are answered, not duplicated',
        body: createKeywordsRequestSchema,
        response: { 201: keywordListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const items = await createKeywords(context.writes, requirePrincipal(request), request.body.names);
      return reply.code(201).send({ items });
    },
  );
};
