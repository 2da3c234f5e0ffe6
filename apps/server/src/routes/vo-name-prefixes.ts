import {
  createVoNamePrefixSchema,
  versionQuerySchema,
  voNamePrefixIdParamSchema,
  voNamePrefixListSchema,
  voNamePrefixSchema,
  type VoNamePrefix,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createVoNamePrefix, deleteVoNamePrefix } from '../commands/vo-name-prefixes.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { listCentreAbbreviations, listVoNamePrefixes } from '../queries/vo-name-prefixes.js';
import type { VoNamePrefixRow } from '../writes/row-writes.js';

const present = (row: VoNamePrefixRow): VoNamePrefix => ({
  id: row.id,
  prefix: row.prefix,
  note: row.note,
  version: row.version,
});

/** The reserved VO name prefixes (docs/adr/0036-admin-panel-sections.md). */
export const voNamePrefixRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  app.get(
    '/vo-name-prefixes',
    {
      config: { access: 'voNamePrefix.manage' },
      schema: {
        summary: "The reserved VO name prefixes, and the centres' abbreviations that are reserved as well",
        response: { 200: voNamePrefixListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [items, centres] = await Promise.all([listVoNamePrefixes(db), listCentreAbbreviations(db)]);
      return { items: items.map(present), centres };
    },
  );

  app.post(
    '/vo-name-prefixes',
    {
      config: { access: 'voNamePrefix.manage' },
      schema: {
        summary: 'Reserve a VO name prefix with an optional note; one reserved already (in any case) answers 400',
        body: createVoNamePrefixSchema,
        response: { 201: voNamePrefixSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(present(await createVoNamePrefix(context.writes, requirePrincipal(request), request.body))),
  );

  app.delete(
    '/vo-name-prefixes/:id',
    {
      config: { access: 'voNamePrefix.manage' },
      schema: {
        summary: 'Remove a reserved VO name prefix (a stale version is 409)',
        params: voNamePrefixIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteVoNamePrefix(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
