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
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentServiceDetail } from '../presenters/service-detail.js';
import { loadInstitutionRefs } from '../queries/refs.js';
import { SERVICE_CHANGE_RESPONSES, serviceResponder } from './respond-with-service.js';

/** A service application and its information: create, read, partial update. */
export const serviceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('services'));
  const { db } = context.database;
  const respond = serviceResponder(context);

  app.post(
    '/services',
    {
      config: { access: 'service.create' },
      schema: {
        summary: 'Start a service application (application draft; the caller is its object owner)',
        description:
          "Saving needs only the name. The provider institution defaults to the caller's institution; null leaves it empty.",
        body: createServiceRequestSchema,
        response: { 201: serviceDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await respond(request, (writes, principal) => createService(writes, principal, request.body));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/services/centre-choice',
    {
      config: { access: 'service.read' },
      schema: {
        summary: 'The centres the caller may create a service under or move one to',
        description:
          'Any centre for the portfolio manager; everyone else only their own institution (none when they have none). The forms offer no other.',
        response: { 200: centreChoiceSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const own = principal.institutionId
        ? ((await loadInstitutionRefs(db, [principal.institutionId])).get(principal.institutionId) ?? null)
        : null;
      return { anyCentre: can(principal, 'service.anyCentre'), own };
    },
  );

  app.get(
    '/services/:id',
    {
      config: { access: 'service.read' },
      schema: {
        summary: 'One service with its roles, permissions and the workflow actions the caller may take',
        description: 'A service the caller may not see answers 404, like one that does not exist.',
        params: serviceIdParamSchema,
        response: { 200: serviceDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return presentServiceDetail(db, await loadVisibleService(db, request.params.id, principal), principal);
    },
  );

  app.patch(
    '/services/:id',
    {
      config: { access: 'service.update' },
      schema: {
        summary: 'Change name, provider, field values (null removes one), keywords and weighting answers',
        description:
          'Names the version it read: a stale one answers 409 and changes nothing. Format errors answer 400 with a message per field (field keys; weighting answers as weighting.<criterion>). A request that changes nothing keeps the version.',
        params: serviceIdParamSchema,
        body: updateServiceRequestSchema,
        response: SERVICE_CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => updateService(writes, principal, request.params.id, request.body)),
  );
};
