import {
  createEntitlementRoleSchema,
  entitlementRoleIdParamSchema,
  entitlementRoleListSchema,
  entitlementRoleSchema,
  updateEntitlementRoleSchema,
  versionQuerySchema,
  type EntitlementRole,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createEntitlementRole, deleteEntitlementRole, updateEntitlementRole } from '../commands/entitlement-roles.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { listEntitlementRoles } from '../queries/entitlement-roles.js';
import type { EntitlementRoleRow } from '../writes/row-writes.js';

const present = (row: EntitlementRoleRow): EntitlementRole => ({
  id: row.id,
  entitlement: row.entitlement,
  role: row.role,
  version: row.version,
});

/** The entitlement → role map that SSO logins read (docs/adr/0036-admin-panel-sections.md). */
export const entitlementRoleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  app.get(
    '/entitlement-roles',
    {
      config: { access: 'entitlementRole.manage' },
      schema: {
        summary: "The map from the identity provider's entitlement values to roles, by entitlement",
        response: { 200: entitlementRoleListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: (await listEntitlementRoles(db)).map(present) }),
  );

  app.post(
    '/entitlement-roles',
    {
      config: { access: 'entitlementRole.manage' },
      schema: {
        summary: 'Map an entitlement value to a role; one already mapped answers 400',
        body: createEntitlementRoleSchema,
        response: { 201: entitlementRoleSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(present(await createEntitlementRole(context.writes, requirePrincipal(request), request.body))),
  );

  app.patch(
    '/entitlement-roles/:id',
    {
      config: { access: 'entitlementRole.manage' },
      schema: {
        summary: 'Change an entitlement or its role (names the version read; a stale one is 409)',
        params: entitlementRoleIdParamSchema,
        body: updateEntitlementRoleSchema,
        response: { 200: entitlementRoleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      present(await updateEntitlementRole(context.writes, requirePrincipal(request), request.params.id, request.body)),
  );

  app.delete(
    '/entitlement-roles/:id',
    {
      config: { access: 'entitlementRole.manage' },
      schema: {
        summary: 'Remove an entitlement from the map (a stale version is 409)',
        params: entitlementRoleIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteEntitlementRole(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
