import { activateDocumentsRequestSchema, serviceIdParamSchema, transitionRequestSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { tagRoutes } from '../http/openapi.js';
import { activateDocuments } from '../commands/activate-documents.js';
import { transitionService } from '../commands/transition-service.js';
import { SERVICE_CHANGE_RESPONSES, serviceResponder } from './respond-with-service.js';

/** Workflow steps and the portfolio manager's switch for the documents area. */
export const serviceWorkflowRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('services'));
  const respond = serviceResponder(context);

  app.post(
    '/services/:id/transitions',
    {
      config: { access: 'service.update' },
      schema: {
        summary: 'Take a workflow action of the service workflow',
        description:
          '409 when the version is stale or the action is not possible from the current state, 403 when the caller may not take it, 400 with the fields when the validation of the step fails (complete application, submit service information, service card review, online).',
        params: serviceIdParamSchema,
        body: transitionRequestSchema,
        response: SERVICE_CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => transitionService(writes, principal, request.params.id, request.body)),
  );

  app.post(
    '/services/:id/documents/activate',
    {
      config: { access: 'service.update' },
      schema: {
        summary: "Activate the service's documents area (service portfolio manager)",
        params: serviceIdParamSchema,
        body: activateDocumentsRequestSchema,
        response: SERVICE_CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) =>
        activateDocuments(writes, principal, request.params.id, request.body.version),
      ),
  );
};
