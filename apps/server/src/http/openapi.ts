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
 * An onRoute hook: every route that is not public takes the bearer token, and its OpenAPI
 * operation says so, read from the route's declared access so the document and the guard agree;
 * a route with a token scope takes a personal API token with that scope too.
 */
export const documentBearerSecurity = (route: RouteOptions): void => {
  if (route.config?.access === 'public' || !route.schema || route.schema.hide || route.schema.security) return;
  const scope = route.config?.scope;
  route.schema.security = scope ? [{ bearer: [] }, { apiToken: [scope] }] : [{ bearer: [] }];
};

/** An onRoute hook for a plugin: the OpenAPI tag its routes share, unless a route names its own. */
export const tagRoutes =
  (tag: string) =>
  (route: RouteOptions): void => {
    if (route.schema && !route.schema.tags) route.schema.tags = [tag];
  };
