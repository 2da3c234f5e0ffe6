import { createKeywordsRequestSchema, keywordListSchema, keywordQuerySchema } from '@nubes/domain';
import { asc, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKeywords } from '../commands/create-keywords.js';
import { escapeLike } from '../db/escape-like.js';
import { keywords } from '../db/schema.js';
import { unauthorized } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import type { Services } from '../services.js';

const MAX_KEYWORDS = 50;
const tags = ['keywords'];
const security = [{ bearer: [] }];

export const keywordRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  app.get(
    '/keywords',
    {
      config: { access: 'keyword.read' },
      schema: {
        tags,
        summary: 'Keywords containing q (case-insensitive), those starting with it first, then by name; at most 50',
        security,
        querystring: keywordQuerySchema,
        response: { 200: keywordListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const q = request.query.q ?? '';
      const pattern = escapeLike(q);
      const rows = await db
        .select({ id: keywords.id, name: keywords.name })
        .from(keywords)
        .where(q ? ilike(keywords.name, `%${pattern}%`) : undefined)
        // A picker shows what starts with the typed text before what merely contains it.
        .orderBy(
          ...(q ? [sql`${keywords.name} not ilike ${`${pattern}%`}`] : []),
          asc(sql`lower(${keywords.name})`),
          asc(keywords.name),
        )
        .limit(MAX_KEYWORDS);
      return { items: rows };
    },
  );

  app.post(
    '/keywords',
    {
      config: { access: 'keyword.create' },
      schema: {
        tags,
        summary: 'Create keywords; names that exist already (case-insensitive) are answered, not duplicated',
        security,
        body: createKeywordsRequestSchema,
        response: { 201: keywordListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthorized();
      const items = await createKeywords(db, request.principal, request.body.names);
      return reply.code(201).send({ items });
    },
  );
};
