import {
  allApiTokensSchema,
  apiTokenIdParamSchema,
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createApiToken, revokeApiToken } from '../commands/api-tokens.js';
import { apiRoutes, createAnswers, objectAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { presentApiToken } from '../presenters/api-token.js';
import { listAllApiTokens, listOwnApiTokens } from '../queries/api-tokens.js';

/**
 * Personal API tokens (docs/adr/0113-personal-api-tokens.md): the owner's in the profile, every
 * one for the portal manager. No scope: a token never makes or revokes tokens.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('api tokens'));
  const { db } = context.database;
  const { writes } = context;

  api.get('/me/api-tokens', {
    access: 'apiToken.own',
    summary: "The caller's API tokens, newest first: prefix, scopes, expiry, last use; never the secret",
    answer: apiTokenListSchema,
    errors: [401, 403],
    handler: async (_request, principal) => ({
      items: (await listOwnApiTokens(db, principal.id)).map(presentApiToken),
    }),
  });

  api.post('/me/api-tokens', {
    access: 'apiToken.own',
    summary: 'Create an API token; the answer holds the whole token this once',
    description: 'Only scopes the caller’s roles allow (contacts:read: contact managers); at most 365 days.',
    body: createApiTokenSchema,
    ...createAnswers(createdApiTokenSchema),
    handler: async (request, principal) => {
      const { row, token } = await createApiToken(writes, principal, request.body);
      return { ...presentApiToken(row), token };
    },
  });

  api.delete('/me/api-tokens/:id', {
    access: 'apiToken.own',
    summary: 'Revoke one of the own API tokens: it stops working at once',
    params: apiTokenIdParamSchema,
    ...objectAnswers(apiTokenSchema),
    handler: async (request, principal) =>
      presentApiToken(await revokeApiToken(writes, principal, request.params.id, principal.id)),
  });

  api.get('/api-tokens', {
    access: 'apiToken.manage',
    summary: 'Every API token of the portal with its owner, newest first',
    answer: allApiTokensSchema,
    errors: [401, 403],
    handler: async () => ({
      items: (await listAllApiTokens(db)).map(({ token, owner }) => ({ ...presentApiToken(token), owner })),
    }),
  });

  api.delete('/api-tokens/:id', {
    access: 'apiToken.manage',
    summary: "Revoke anyone's API token: it stops working at once",
    params: apiTokenIdParamSchema,
    ...objectAnswers(apiTokenSchema),
    handler: async (request, principal) =>
      presentApiToken(await revokeApiToken(writes, principal, request.params.id, null)),
  });
};
