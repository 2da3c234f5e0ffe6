import { userSchema, usernameParamSchema, userSearchQuerySchema, userSearchResponseSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/http-error.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { canReadUser } from '../policies/user-policy.js';
import { presentUser } from '../presenters/user.js';
import { findUserByUsername, searchUsers } from '../queries/users.js';

export const userRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('users'));
  api.get('/users', {
    access: 'user.search',
    summary: 'Find users by name, username or e-mail (at most 20, by name), to assign them to a service',
    description: 'People marked as gone are left out unless `gone=include` asks for them (to filter by person).',
    querystring: userSearchQuerySchema,
    answer: userSearchResponseSchema,
    errors: [400, 401, 403],
    handler: async (request) => ({
      items: await searchUsers(context.database.db, request.query.q, request.query.gone === 'include'),
    }),
  });

  api.get('/users/:username', {
    access: 'user.read',
    summary: 'A user account: the own one, or any for portal managers, contact managers and the service desk',
    params: usernameParamSchema,
    answer: userSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const row = await findUserByUsername(context.database.db, request.params.username);
      // Denied reads look like not-found, so usernames cannot be probed.
      if (!row || !canReadUser(principal, row)) throw notFound();
      return presentUser(row);
    },
  });
};
