import { activateDocumentsRequestSchema, serviceIdParamSchema, transitionRequestSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { activateDocuments } from '../commands/activate-documents.js';
import { transitionService } from '../commands/transition-service.js';
import { SERVICE_CHANGE, serviceCommand, serviceResponder } from './respond-with-service.js';

/** Workflow steps and the portfolio manager's switch for the documents area. */
export const serviceWorkflowRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('services'));
  const { writes } = context;
  const respond = serviceResponder(context);

  api.post(
    '/services/:id/transitions',
    serviceCommand(context, {
      summary: 'Take a workflow action of the service workflow',
      description:
        '409 when the version is stale or the action is not possible from the current state, 403 when the caller may not take it, 400 with the fields when the validation of the step fails (complete application, submit service information, service card review, online).',
      body: transitionRequestSchema,
      command: transitionService,
    }),
  );

  api.post('/services/:id/documents/activate', {
    ...SERVICE_CHANGE,
    summary: "Activate the service's documents area (service portfolio manager)",
    params: serviceIdParamSchema,
    body: activateDocumentsRequestSchema,
    handler: async (request, principal) =>
      respond(principal, activateDocuments(writes, principal, request.params.id, request.body.version)),
  });
};
