import {
  createEntitlementRoleSchema,
  entitlementRoleIdParamSchema,
  entitlementRoleListSchema,
  entitlementRoleSchema,
  updateEntitlementRoleSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createEntitlementRole, deleteEntitlementRole, updateEntitlementRole } from '../commands/entitlement-roles.js';
import { apiRoutes, changeAnswers, createAnswers } from '../http/api-route.js';
import { deleteAtVersion } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
import { listEntitlementRoles } from '../queries/entitlement-roles.js';

/** The entitlement → role map that SSO logins read (docs/adr/0036-admin-panel-sections.md). */
export const entitlementRoleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  api.get('/entitlement-roles', {
    access: 'entitlementRole.manage',
    summary: "The map from the identity provider's entitlement values to roles, by entitlement",
    answer: entitlementRoleListSchema,
    errors: [401, 403],
    handler: async () => ({ items: await listEntitlementRoles(db) }),
  });

  api.post('/entitlement-roles', {
    access: 'entitlementRole.manage',
    summary: 'Map an entitlement value to a role; one already mapped answers 400',
    body: createEntitlementRoleSchema,
    ...createAnswers(entitlementRoleSchema),
    handler: async (request, principal) => createEntitlementRole(context.writes, principal, request.body),
  });

  api.patch('/entitlement-roles/:id', {
    access: 'entitlementRole.manage',
    summary: 'Change an entitlement or its role (names the version read; a stale one is 409)',
    params: entitlementRoleIdParamSchema,
    body: updateEntitlementRoleSchema,
    ...changeAnswers(entitlementRoleSchema),
    handler: async (request, principal) =>
      updateEntitlementRole(context.writes, principal, request.params.id, request.body),
  });

  api.delete('/entitlement-roles/:id', {
    access: 'entitlementRole.manage',
    summary: 'Remove an entitlement from the map (a stale version is 409)',
    ...deleteAtVersion(context.writes, 'Removed', entitlementRoleIdParamSchema, deleteEntitlementRole),
  });
};
