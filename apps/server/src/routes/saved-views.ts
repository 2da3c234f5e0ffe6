import {
  createSavedViewSchema,
  savedViewIdParamSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  updateSavedViewSchema,
  versionQuerySchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createSavedView, deleteSavedView, updateSavedView } from '../commands/saved-views.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { presentSavedView } from '../presenters/saved-view.js';
import { listSavedViews } from '../queries/saved-views.js';

/** The caller's saved views of the lists (docs/adr/0044-saved-views.md); another person's look like not-found. */
export const savedViewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('saved views'));
  const { db } = context.database;

  app.get(
    '/saved-views',
    {
      config: { access: 'savedView.manage' },
      schema: {
        summary: 'The caller’s saved views, of one list (`list`) or of all, by list and name',
        querystring: savedViewListQuerySchema,
        response: { 200: savedViewListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const rows = await listSavedViews(db, requirePrincipal(request).id, request.query.list);
      return { items: rows.map(presentSavedView) };
    },
  );

  app.post(
    '/saved-views',
    {
      config: { access: 'savedView.manage' },
      schema: {
        summary: 'Save a view of a list: its name, the list’s query string and the visible columns',
        description: 'A name the caller already uses for a view of the same list answers 400 on `name`.',
        body: createSavedViewSchema,
        response: { 201: savedViewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentSavedView(await createSavedView(context.writes, requirePrincipal(request), request.body))),
  );

  app.patch(
    '/saved-views/:id',
    {
      config: { access: 'savedView.manage' },
      schema: {
        summary: 'Rename a saved view, or save other filters and columns into it',
        description:
          '`version` as last read: 409 when the view changed meanwhile. 404 for a view that is not the caller’s. A name taken by another of the caller’s views of the list answers 400 on `name`.',
        params: savedViewIdParamSchema,
        body: updateSavedViewSchema,
        response: { 200: savedViewSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      presentSavedView(
        await updateSavedView(context.writes, requirePrincipal(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/saved-views/:id',
    {
      config: { access: 'savedView.manage' },
      schema: {
        summary: 'Delete a saved view (a stale version is 409; another person’s view is 404)',
        params: savedViewIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteSavedView(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
