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
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { presentSavedView } from '../presenters/saved-view.js';
import { listSavedViews } from '../queries/saved-views.js';

/** The caller's saved views of the lists (docs/adr/0044-saved-views.md); another person's look like not-found. */
export const savedViewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('saved views'));
  const { db } = context.database;

  api.get('/saved-views', {
    access: 'savedView.manage',
    summary: 'The caller’s saved views, of one list (`list`) or of all, by list and name',
    querystring: savedViewListQuerySchema,
    answer: savedViewListSchema,
    errors: [400, 401],
    handler: async (request, principal) => {
      const rows = await listSavedViews(db, principal.id, request.query.list);
      return { items: rows.map(presentSavedView) };
    },
  });

  api.post('/saved-views', {
    access: 'savedView.manage',
    summary: 'Save a view of a list: its name, the list’s query string and the visible columns',
    description: 'A name the caller already uses for a view of the same list answers 400 on `name`.',
    body: createSavedViewSchema,
    answer: savedViewSchema,
    status: 201,
    errors: [400, 401],
    handler: async (request, principal) =>
      presentSavedView(await createSavedView(context.writes, principal, request.body)),
  });

  api.patch('/saved-views/:id', {
    access: 'savedView.manage',
    summary: 'Rename a saved view, or save other filters and columns into it',
    description:
      '`version` as last read: 409 when the view changed meanwhile. 404 for a view that is not the caller’s. A name taken by another of the caller’s views of the list answers 400 on `name`.',
    params: savedViewIdParamSchema,
    body: updateSavedViewSchema,
    answer: savedViewSchema,
    errors: [400, 401, 404, 409],
    handler: async (request, principal) =>
      presentSavedView(await updateSavedView(context.writes, principal, request.params.id, request.body)),
  });

  api.delete('/saved-views/:id', {
    access: 'savedView.manage',
    summary: 'Delete a saved view (a stale version is 409; another person’s view is 404)',
    params: savedViewIdParamSchema,
    querystring: versionQuerySchema,
    answer: z.null().describe('Deleted'),
    status: 204,
    errors: [400, 401, 404, 409],
    handler: async (request, principal) => {
      await deleteSavedView(context.writes, principal, request.params.id, request.query.version);
    },
  });
};
