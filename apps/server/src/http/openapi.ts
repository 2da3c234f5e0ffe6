import { apiErrorSchema } from '@nubes/domain';
import type { RouteOptions } from 'fastify';

/** The error shape for the given statuses, for a route's OpenAPI response list. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;

/**
 * An onRoute hook: every route that is not public takes the bearer token, and its OpenAPI
 * operation says so, read from the route's declared access so the document and the guard agree.
 */
export const documentBearerSecurity = (route: RouteOptions): void => {
  if (route.config?.access === 'public' || !route.schema || route.schema.hide || route.schema.security) return;
  route.schema.security = [{ bearer: [] }];
};

/** An onRoute hook for a plugin: the OpenAPI tag its routes share, unless a route names its own. */
export const tagRoutes =
  (tag: string) =>
  (route: RouteOptions): void => {
    if (route.schema && !route.schema.tags) route.schema.tags = [tag];
  };
