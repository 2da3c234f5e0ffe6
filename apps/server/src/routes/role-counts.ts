import { roleCountListSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { countUsersPerRole } from '../queries/role-counts.js';

/** The admin panel's roles section: how many users hold each role (docs/adr/0036-admin-panel-sections.md). */
export const roleCountRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  api.get('/role-counts', {
    access: 'roles.read',
    tags: ['admin'],
    summary: 'Every role with the number of users holding it, given in the portal or mapped from the IdP',
    answer: roleCountListSchema,
    errors: [401, 403],
    handler: async () => ({ items: await countUsersPerRole(context.database.db) }),
  });
};
