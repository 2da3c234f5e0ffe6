import {
  createVoNamePrefixSchema,
  voNamePrefixIdParamSchema,
  voNamePrefixListSchema,
  voNamePrefixSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createVoNamePrefix, deleteVoNamePrefix } from '../commands/vo-name-prefixes.js';
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { deleteAtVersion } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
import { listCentreAbbreviations, listVoNamePrefixes } from '../queries/vo-name-prefixes.js';

/** The reserved VO name prefixes (docs/adr/0036-admin-panel-sections.md). */
export const voNamePrefixRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  api.get('/vo-name-prefixes', {
    access: 'voNamePrefix.manage',
    summary: "The reserved VO name prefixes, and the centres' abbreviations that are reserved as well",
    answer: voNamePrefixListSchema,
    errors: [401, 403],
    handler: async () => {
      const [items, centres] = await Promise.all([listVoNamePrefixes(db), listCentreAbbreviations(db)]);
      return { items, centres };
    },
  });

  api.post('/vo-name-prefixes', {
    access: 'voNamePrefix.manage',
    summary: 'Reserve a VO name prefix with an optional note; one reserved already (in any case) answers 400',
    body: createVoNamePrefixSchema,
    ...createAnswers(voNamePrefixSchema),
    handler: async (request, principal) => createVoNamePrefix(context.writes, principal, request.body),
  });

  api.delete('/vo-name-prefixes/:id', {
    access: 'voNamePrefix.manage',
    summary: 'Remove a reserved VO name prefix (a stale version is 409)',
    ...deleteAtVersion(context.writes, 'Removed', voNamePrefixIdParamSchema, deleteVoNamePrefix),
  });
};
