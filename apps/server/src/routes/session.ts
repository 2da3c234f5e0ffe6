import {
  endedSessionsSchema,
  loginRequestSchema,
  ownSessionListSchema,
  sessionIdParamSchema,
  sessionStatusSchema,
  tokenResponseSchema,
} from '@nubes/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { loginWithPassword } from '../commands/login-with-password.js';
import { endOwnSession, renewSession } from '../commands/sessions.js';
import { unauthorized } from '../http/http-error.js';
import { apiRoutes, objectAnswers } from '../http/api-route.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { clearSessionCookie, cookieIsSecure, setSessionCookie } from '../http/session-cookie.js';
import { presentOwnSession } from '../presenters/own-session.js';
import { findSession, listLiveSessions } from '../queries/sessions.js';

/** The live session of the request's credential (the access guard found it), for the routes of the own session. */
const requireSession = (request: FastifyRequest): string => {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
};

/** What a login keeps of the browser for its owner's sessions list. */
export const sessionClientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * Login, renewal, logout and the own sessions (docs/adr/0078-sessions-the-server-ends.md). The
 * login answers set the HttpOnly auth cookie the web app uses and still carry the token for API
 * clients.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('session'));
  const { db } = context.database;
  const secure = cookieIsSecure(context.config.publicUrl);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Direct login for portal administrators; sets the auth cookie',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await loginWithPassword(
        context,
        request.body,
        sessionClientOf(request),
        request.language,
      );
      const token = await context.tokens.issue(user, session);
      setSessionCookie(reply, token, session.expiresAt, secure);
      return { token };
    },
  );

  api.post('/login-renew', {
    access: 'session.renew',
    summary: 'Renew the own session for another 240 minutes (the web app renews between 180 and 240 minutes)',
    answer: tokenResponseSchema,
    errors: [401, 403],
    handler: async (request, principal, reply) => {
      const session = await renewSession(context.writes, principal, requireSession(request));
      const token = await context.tokens.issue(principal, session);
      setSessionCookie(reply, token, session.expiresAt, secure);
      return { token };
    },
  });

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'End the session of the request on the server and clear the auth cookie',
        response: { 204: z.null().describe('Logged out'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      if (request.principal && request.sessionId)
        await endOwnSession(context.writes, request.principal, request.sessionId, 'logout');
      clearSessionCookie(reply, secure);
      return reply.code(204).send(null);
    },
  );

  api.get('/session', {
    access: 'session.own',
    summary: 'The login status: who the credential belongs to and its session',
    answer: sessionStatusSchema,
    errors: [401],
    handler: async (request, principal, reply) => {
      const row = await findSession(db, requireSession(request));
      if (!row) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return {
        user: {
          username: principal.username,
          fullname: principal.fullname,
          email: principal.email,
          roles: [...principal.roles],
        },
        session: presentOwnSession(row, row.id),
      };
    },
  });

  api.get('/sessions', {
    access: 'session.own',
    summary: 'The own live sessions, the most recently renewed first',
    answer: ownSessionListSchema,
    errors: [401],
    handler: async (request, principal, reply) => {
      const rows = await listLiveSessions(db, principal.id);
      reply.header('cache-control', 'no-store');
      return { items: rows.map((row) => presentOwnSession(row, request.sessionId)) };
    },
  });

  api.delete('/sessions/:id', {
    access: 'session.own',
    summary: 'End one of the own sessions; ending the current one logs out',
    params: sessionIdParamSchema,
    ...objectAnswers(endedSessionsSchema),
    handler: async (request, principal, reply) => {
      const ended = await endOwnSession(context.writes, principal, request.params.id, 'endedByOwner');
      if (request.params.id === request.sessionId) clearSessionCookie(reply, secure);
      return { ended };
    },
  });
};
