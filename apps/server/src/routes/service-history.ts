import { historyResponseSchema, serviceIdParamSchema } from '@nubes/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEvents } from '../db/schema.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentServiceHistory } from '../presenters/service-history.js';
import type { Services } from '../services.js';

/** Everything that happened to a service, newest first: edits, workflow steps, roles, documents, comments. */
export const serviceHistoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

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
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.objectType, 'service'), eq(auditEvents.objectId, service.row.id)))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id));
      return { items: await presentServiceHistory(db, rows) };
    },
  );
};
