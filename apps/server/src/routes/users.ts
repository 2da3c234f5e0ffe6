import { userSchema, usernameParamSchema } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../db/schema.js';
import { HttpError, notFound } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import { canReadUser } from '../policies/user-policy.js';
import { presentUser } from '../presenters/user.js';
import type { Services } from '../services.js';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/users/:username',
    {
      config: { access: 'user.read' },
      schema: {
        tags: ['users'],
        summary: 'A user account: the own one, or any for portal managers, contact managers and the service desk',
        security: [{ bearer: [] }],
        params: usernameParamSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw new HttpError('unauthorized');
      const [row] = await services.database.db.select().from(users).where(eq(users.username, request.params.username));
      // Denied reads look like not-found, so usernames cannot be probed.
      if (!row || !canReadUser(principal, row)) throw notFound();
      return presentUser(row);
    },
  );
};
