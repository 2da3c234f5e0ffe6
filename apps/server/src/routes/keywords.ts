import { createKeywordsRequestSchema, keywordListSchema, keywordQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createKeywords } from '../commands/create-keywords.js';
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { searchKeywords } from '../queries/keywords.js';

export const keywordRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('keywords'));
  const { db } = context.database;

  api.get('/keywords', {
    access: 'keyword.read',
    summary: 'Keywords containing q (case-insensitive), those starting with it first, then by name; at most 50',
    querystring: keywordQuerySchema,
    answer: keywordListSchema,
    errors: [400, 401],
    handler: async (request) => ({ items: await searchKeywords(db, request.query.q ?? '') }),
  });

  api.post('/keywords', {
    access: 'keyword.create',
    summary: 'Create keywords; names that exist already (case-insensitive) are answered, not duplicated',
    body: createKeywordsRequestSchema,
    ...createAnswers(keywordListSchema),
    handler: async (request, principal) => {
      const items = await createKeywords(context.writes, principal, request.body.names);
      return { items };
    },
  });
};
