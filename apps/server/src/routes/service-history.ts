import { historyResponseSchema, serviceIdParamSchema, streamPageQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { listAuditEvents } from '../queries/service-history.js';

/** Everything that happened to a service, newest first, a page at a time: edits, workflow steps, roles, documents, comments. */
export const serviceHistoryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  const { db } = context.database;

  api.get('/services/:id/history', {
    access: 'service.read',
    scope: 'services:read',
    tags: ['services'],
    summary: "A service's audit events, newest first, each change old → new, a page at a time",
    params: serviceIdParamSchema,
    querystring: streamPageQuerySchema,
    answer: historyResponseSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      return presentHistoryPage(db, await listAuditEvents(db, 'service', service.row.id, request.query), [
        // An applied change request's id is for tracing; the history names its author and fields.
        'changeRequest',
      ]);
    },
  });
};
