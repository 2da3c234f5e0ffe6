import {
  roleChangeDecisionSchema,
  roleChangeRequestSchema,
  serviceAdminRequestSchema,
  serviceIdParamSchema,
  updateServiceRolesRequestSchema,
  versionSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { decideRoleChange, requestRoleChange } from '../commands/role-change-requests.js';
import { addServiceAdmin, removeServiceAdmin } from '../commands/service-admins.js';
import { updateServiceRoles } from '../commands/update-service-roles.js';
import { SERVICE_CHANGE, serviceCommand, serviceResponder } from './respond-with-service.js';

const uuid = z.uuid({ error: 'validation.invalid' });

/** Object owner, service owner, service manager, provider manager, further admins, role change requests. */
export const serviceRoleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('service roles'));
  const { writes } = context;
  const respond = serviceResponder(context);

  api.put(
    '/services/:id/roles',
    serviceCommand(context, {
      summary: 'Set object owner, service owner, service manager and provider manager (null removes one)',
      description:
        'Only the service portfolio manager changes the object owner; the others whoever may assign roles (the object owner in the draft states, the portfolio manager). 400 service.unknownUser for an id that names no user.',
      body: updateServiceRolesRequestSchema,
      command: updateServiceRoles,
    }),
  );

  api.post(
    '/services/:id/admins',
    serviceCommand(context, {
      summary: 'Add a further admin (service operation group)',
      body: serviceAdminRequestSchema,
      command: addServiceAdmin,
    }),
  );

  api.delete('/services/:id/admins/:userId', {
    ...SERVICE_CHANGE,
    summary: 'Remove a further admin; the version read goes in the query',
    params: serviceIdParamSchema.extend({ userId: uuid }),
    querystring: z.object({ version: z.coerce.number({ error: 'validation.number' }).pipe(versionSchema) }),
    handler: async (request, principal) =>
      respond(
        principal,
        removeServiceAdmin(writes, principal, request.params.id, {
          version: request.query.version,
          userId: request.params.userId,
        }),
      ),
  });

  api.post(
    '/services/:id/role-changes',
    serviceCommand(context, {
      summary: 'Ask the portfolio manager for a new service owner or service manager',
      description:
        'Whoever holds the manager’s rights (the service manager, or owner and admins when there is none). One open request per role: 409 service.roleChangePending.',
      body: roleChangeRequestSchema,
      command: requestRoleChange,
    }),
  );

  api.post('/services/:id/role-changes/:changeId/decision', {
    ...SERVICE_CHANGE,
    summary: 'Accept (the role changes) or reject a role change request (service portfolio manager)',
    params: serviceIdParamSchema.extend({ changeId: uuid }),
    body: roleChangeDecisionSchema,
    handler: async (request, principal) =>
      respond(
        principal,
        decideRoleChange(writes, principal, request.params.id, request.params.changeId, request.body.accept),
      ),
  });
};
