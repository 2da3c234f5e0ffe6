import { apiErrorSchema } from '@nubes/domain';

/** The error shape for the given statuses, for a route's OpenAPI response list. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
