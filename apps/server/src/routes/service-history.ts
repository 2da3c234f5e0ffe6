import { historyResponseSchema, serviceIdParamSchema, streamPageQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { listAuditEvents } from '../queries/service-history.js';

/** Everything that happened to a service, newest first, a page at a time: edits, workflow steps, roles, documents, comments. */
export const serviceHistoryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context.database;

  app.get(
    '/services/:id/history',
    {
      config: { access: 'service.read' },
      schema: {
        tags: ['services'],
        summary: "A service's audit events, newest first, each change old → new, a page at a time",
        params: serviceIdParamSchema,
        querystring: streamPageQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const service = await loadVisibleService(db, request.params.id, requirePrincipal(request));
      return presentHistoryPage(db, await listAuditEvents(db, 'service', service.row.id, request.query), [
        // An applied change request's id is for tracing; the history names its author and fields.
        'changeRequest',
      ]);
    },
  );
};
