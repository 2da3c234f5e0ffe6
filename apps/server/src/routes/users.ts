import { userSchema, usernameParamSchema, userSearchQuerySchema, userSearchResponseSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/http-error.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { canReadUser } from '../policies/user-policy.js';
import { presentUser } from '../presenters/user.js';
import { findUserByUsername, searchUsers } from '../queries/users.js';

export const userRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('users'));
  app.get(
    '/users',
    {
      config: { access: 'user.search' },
      schema: {
        summary: 'Find users by name, username or e-mail (at most 20, by name), to assign them to a service',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return { items: await searchUsers(context.database.db, request.query.q) };
    },
  );

  app.get(
    '/users/:username',
    {
      config: { access: 'user.read' },
      schema: {
        summary: 'A user account: the own one, or any for portal managers, contact managers and the service desk',
        params: usernameParamSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const row = await findUserByUsername(context.database.db, request.params.username);
      // Denied reads look like not-found, so usernames cannot be probed.
      if (!row || !canReadUser(principal, row)) throw notFound();
      return presentUser(row);
    },
  );
};
