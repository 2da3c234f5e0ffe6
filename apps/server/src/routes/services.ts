import {
  can,
  centreChoiceSchema,
  createServiceRequestSchema,
  serviceDetailSchema,
  serviceIdParamSchema,
  updateServiceRequestSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createService } from '../commands/create-service.js';
import { updateService } from '../commands/update-service.js';
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentServiceDetail } from '../presenters/service-detail.js';
import { loadInstitutionRefs } from '../queries/refs.js';
import { serviceCommand, serviceResponder } from './respond-with-service.js';

/** A service application and its information: create, read, partial update. */
export const serviceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('services'));
  const { db } = context.database;
  const { writes } = context;
  const respond = serviceResponder(context);

  api.post('/services', {
    access: 'service.create',
    summary: 'Start a service application (application draft; the caller is its object owner)',
    description:
      "Saving needs only the name. The provider institution defaults to the caller's institution; null leaves it empty.",
    body: createServiceRequestSchema,
    ...createAnswers(serviceDetailSchema),
    handler: async (request, principal) => respond(principal, createService(writes, principal, request.body)),
  });

  api.get('/services/centre-choice', {
    access: 'service.read',
    summary: 'The centres the caller may create a service under or move one to',
    description:
      'Any centre for the portfolio manager; everyone else only their own institution (none when they have none). The forms offer no other.',
    answer: centreChoiceSchema,
    errors: [401],
    handler: async (_request, principal) => {
      const own = principal.institutionId
        ? ((await loadInstitutionRefs(db, [principal.institutionId])).get(principal.institutionId) ?? null)
        : null;
      return { anyCentre: can(principal, 'service.anyCentre'), own };
    },
  });

  api.get('/services/:id', {
    access: 'service.read',
    scope: 'services:read',
    summary: 'One service with its roles, permissions and the workflow actions the caller may take',
    description: 'A service the caller may not see answers 404, like one that does not exist.',
    params: serviceIdParamSchema,
    answer: serviceDetailSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) =>
      presentServiceDetail(db, await loadVisibleService(db, request.params.id, principal), principal),
  });

  api.patch(
    '/services/:id',
    serviceCommand(context, {
      summary: 'Change name, provider, field values (null removes one), keywords and weighting answers',
      description:
        'Names the version it read: a stale one answers 409 and changes nothing. Format errors answer 400 with a message per field (field keys; weighting answers as weighting.<criterion>). A request that changes nothing keeps the version.',
      body: updateServiceRequestSchema,
      command: updateService,
    }),
  );
};
