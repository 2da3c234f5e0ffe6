import { apiErrorSchema } from '@nubes/domain';
import type { RouteOptions } from 'fastify';

/** The error shape for the given statuses, for a route's OpenAPI response list. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;

/**
 * The document's security schemes: the session's token (the login's answer, or the auth cookie
 * the web app sends), and a personal API token, whose requirement lists the one scope a route
 * needs (docs/adr/0113-personal-api-tokens.md).
 */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'nubes_pat_…',
    description:
      'A personal API token from the profile (API tokens). An operation that lists a scope under apiToken takes a token holding that scope; one that lists none refuses tokens (403). Revoked or expired tokens get 401; more than 120 requests a minute per token get 429 with Retry-After.',
  },
} as const;

/**
 * What an operation's OpenAPI `security` says, read from the route's declared access so the
 * document and the guard agree: a public route needs nothing (`[]`), every other takes the
 * session's bearer token, and a route with a token scope takes a personal API token with that
 * scope too. The one place the document decides it.
 */
export const securityOf = (route: Pick<RouteOptions, 'config'>): Record<string, string[]>[] => {
  if (route.config?.access === 'public') return [];
  const scope = route.config?.scope;
  return scope ? [{ bearer: [] }, { apiToken: [scope] }] : [{ bearer: [] }];
};

const VERBS: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelCased = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalized)
    .join('');

/**
 * A stable operationId from the method and the address, so generated clients get usable names
 * without one written per route: the verb, the address's fixed segments after `/api`, and for an
 * address that ends in a parameter `By` and its name: `GET /api/services/:id` → `getServicesById`,
 * `POST /api/services/:id/transitions` → `postServicesTransitions`.
 */
export const operationIdOf = (method: string, url: string): string => {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1);
  const fixed = segments.filter((segment) => !segment.startsWith(':')).map(camelCased);
  const by = last?.startsWith(':') ? `By${camelCased(last.slice(1))}` : '';
  return `${VERBS[method] ?? method.toLowerCase()}${fixed.join('')}${by}`;
};

/**
 * An onRoute hook for the API: every operation the document shows has an operationId (unless the
 * route names its own), its security, and at least one 4xx answer in the error shape. A route that
 * declares none takes 400: the address itself can be refused (a malformed path, a NUL).
 */
export const documentOperation = (route: RouteOptions): void => {
  if (route.schema?.hide) return;
  const method = [route.method].flat()[0] ?? 'GET';
  // Fastify's HEAD twin of a GET shares its schema object; the document shows only the GET.
  if (method === 'HEAD') return;
  const schema = (route.schema ??= {});
  schema.operationId ??= operationIdOf(method, route.url);
  schema.security ??= securityOf(route);
  const response = (schema.response ??= {}) as Record<string, unknown>;
  if (!Object.keys(response).some((status) => status.startsWith('4'))) response[400] = apiErrorSchema;
};

/** An onRoute hook for a scope that is no part of the API (the development IdP): left out of the document. */
export const hideFromDocument = (route: RouteOptions): void => {
  route.schema = { ...route.schema, hide: true };
};

/** An onRoute hook for a plugin: the OpenAPI tag its routes share, unless a route names its own. */
export const tagRoutes =
  (tag: string) =>
  (route: RouteOptions): void => {
    if (route.schema && !route.schema.tags) route.schema.tags = [tag];
  };

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The document without the component schemas no operation reaches: the zod provider lists every
 * registered schema twice (as input and as output), most of them used in one direction only.
 */
export const withoutUnusedSchemas = <D extends object>(document: D): D => {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const reach = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(SCHEMA_REF)) {
      if (name === undefined || used.has(name)) continue;
      used.add(name);
      reach(schemas[name]);
    }
  };
  reach(rest);
  reach({ ...components, schemas: undefined });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
};
