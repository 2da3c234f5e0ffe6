import { historyResponseSchema, serviceIdParamSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { idsInHistory, presentServiceHistory } from '../presenters/service-history.js';
import { loadDisplayNames } from '../queries/display-names.js';
import { listServiceAuditEvents } from '../queries/service-history.js';

/** Everything that happened to a service, newest first: edits, workflow steps, roles, documents, comments. */
export const serviceHistoryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context.database;

  app.get(
    '/services/:id/history',
    {
      config: { access: 'service.read' },
      schema: {
        tags: ['services'],
        summary: "A service's audit events, newest first, each change old → new",
        security: [{ bearer: [] }],
        params: serviceIdParamSchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const service = await loadVisibleService(db, request.params.id, requirePrincipal(request));
      const rows = await listServiceAuditEvents(db, service.row.id);
      return { items: presentServiceHistory(rows, await loadDisplayNames(db, idsInHistory(rows))) };
    },
  );
};
