import { userSchema, usernameParamSchema, userSearchQuerySchema, userSearchResponseSchema } from '@nubes/domain';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeLike } from '../db/escape-like.js';
import { prefixTsQuery } from '../db/full-text.js';
import { users } from '../db/schema.js';
import { HttpError, notFound } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import { canReadUser } from '../policies/user-policy.js';
import { presentUser } from '../presenters/user.js';
import type { Services } from '../services.js';

const MAX_USER_MATCHES = 20;

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/users',
    {
      config: { access: 'user.search' },
      schema: {
        tags: ['users'],
        summary: 'Find users by name, username or e-mail (at most 20, by name), to assign them to a service',
        security: [{ bearer: [] }],
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { q } = request.query;
      const pattern = `%${escapeLike(q)}%`;
      const words = prefixTsQuery(q);
      // Substrings catch parts of addresses and names; word prefixes catch words in any order
      // ("adler ali"). The expression is users_search_idx's.
      const document = sql`to_tsvector('simple', ${users.fullname} || ' ' || ${users.email} || ' ' || ${users.username})`;
      const items = await services.database.db
        .select({ id: users.id, username: users.username, fullname: users.fullname, email: users.email })
        .from(users)
        .where(
          or(
            ilike(users.username, pattern),
            ilike(users.fullname, pattern),
            ilike(users.email, pattern),
            words ? sql`${document} @@ to_tsquery('simple', ${words})` : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${users.fullname})`), asc(users.username))
        .limit(MAX_USER_MATCHES);
      return { items };
    },
  );

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
