import type { Permission, TokenScope } from '@nubes/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/principal.js';
import { errorResponses } from './openapi.js';
import { requirePrincipal } from './require-principal.js';

type Api = Parameters<FastifyPluginAsyncZod>[0];
type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
/** A 204's handler answers nothing. */
type Answer<A extends z.ZodType> = null extends z.output<A> ? z.output<A> | void : z.output<A>;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415;

/** A request whose parameters, query and body the route's schemas have validated. */
export type ApiRequest<P extends Schema, Q extends Schema, B extends Schema> = FastifyRequest<{
  Params: Parsed<P>;
  Querystring: Parsed<Q>;
  Body: Parsed<B>;
}>;

/**
 * A route behind a permission, as data (docs/adr/0095-routes-as-data.md): who may call it, what
 * OpenAPI says of it, what it takes and answers. The handler gets the caller; what it returns is
 * sent with `status`, unless it answered itself (a download) and returns the reply.
 */
export interface ApiRoute<P extends Schema, Q extends Schema, B extends Schema, A extends z.ZodType> {
  access: Permission;
  /** The scope a personal API token needs; a route without one refuses tokens (docs/adr/0113-personal-api-tokens.md). */
  scope?: TokenScope;
  summary: string;
  description?: string;
  /** Only where the route's plugin tags its routes otherwise (http/openapi.ts `tagRoutes`). */
  tags?: string[];
  consumes?: string[];
  produces?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** The answer's schema, for the status the route answers with (200 unless `status` says otherwise). */
  answer: A;
  status?: 201 | 204;
  errors: readonly ErrorStatus[];
  handler: (
    request: ApiRequest<P, Q, B>,
    principal: AuthUser,
    reply: FastifyReply,
  ) => Promise<Answer<A> | FastifyReply>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The routes of a plugin declared as data: `api.get(url, route)` and so on for each method. */
export const apiRoutes = (app: Api) => {
  const add =
    (method: Method) =>
    <A extends z.ZodType, P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
      url: string,
      route: ApiRoute<P, Q, B, A>,
    ) => {
      const { access, scope, answer, status = 200, errors, handler, ...schema } = route;
      app.route({
        method,
        url,
        config: scope ? { access, scope } : { access },
        schema: { ...schema, response: { [status]: answer, ...errorResponses(...errors) } },
        handler: async (request, reply: FastifyReply) => {
          const result = await handler(request as ApiRequest<P, Q, B>, requirePrincipal(request), reply);
          return result === reply ? reply : reply.code(status).send(result ?? null);
        },
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') };
};

/** A public GET as data: no caller, so no permission or scope; the handler gets the request and the reply. */
export interface PublicRoute<P extends Schema, Q extends Schema, A extends z.ZodType> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  answer: A;
  errors: readonly ErrorStatus[];
  handler: (request: ApiRequest<P, Q, undefined>, reply: FastifyReply) => Promise<z.output<A>>;
}

/** Adds a public GET route (`config.access: 'public'`, docs/adr/0095-routes-as-data.md). */
export const publicGet = <A extends z.ZodType, P extends Schema = undefined, Q extends Schema = undefined>(
  app: Api,
  url: string,
  { answer, errors, handler, ...schema }: PublicRoute<P, Q, A>,
) =>
  app.route({
    method: 'GET',
    url,
    config: { access: 'public' },
    schema: { ...schema, response: { 200: answer, ...errorResponses(...errors) } },
    handler: async (request, reply: FastifyReply) =>
      reply.send(await handler(request as ApiRequest<P, Q, undefined>, reply)),
  });

/** What a route that changes an object answers: the object as it is now, or why not (409: a stale version). */
export const changeAnswers = <A extends z.ZodType>(answer: A) => ({
  answer,
  errors: [400, 401, 403, 404, 409] as const,
});

/** What a route on one object of its path answers: the answer, or why not (404: no such object, or not one the caller sees). */
export const objectAnswers = <A extends z.ZodType>(answer: A) => ({
  answer,
  errors: [400, 401, 403, 404] as const,
});

/**
 * What a route that creates an object answers: the new object (201), or why not; an object
 * created under another names what more it may answer (404: that one is unknown, 409: its state).
 */
export const createAnswers = <A extends z.ZodType>(answer: A, ...also: (404 | 409 | 413 | 415)[]) => ({
  answer,
  status: 201 as const,
  errors: [400, 401, 403, ...also] as const,
});

/** What a route that deletes an object answers: nothing (204), or why not (409: a stale version, or what still holds it). */
export const deleteAnswers = (description: string) => ({
  answer: z.null().describe(description),
  status: 204 as const,
  errors: [400, 401, 403, 404, 409] as const,
});
