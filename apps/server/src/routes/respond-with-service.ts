import { serviceDetailSchema, serviceIdParamSchema, type ServiceDetail } from '@nubes/domain';
import type { z } from 'zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { changeAnswers } from '../http/api-route.js';
import type { ServiceSnapshot } from '../model/service.js';
import { presentServiceDetail } from '../presenters/service-detail.js';
import type { Writes } from '../writes/pipeline.js';

/** What every route that changes a service shares: its permission, its answer and the errors. */
export const SERVICE_CHANGE = { access: 'service.update', ...changeAnswers(serviceDetailSchema) } as const;

/**
 * The tail of every route that changes a service, written once: the command's result (its
 * pipeline has cleared the caches once its transaction committed) as the caller now sees it. A
 * handler cannot forget the caches: it never touches them.
 */
export const serviceResponder =
  (context: AppContext) =>
  async (principal: AuthUser, changed: Promise<ServiceSnapshot>): Promise<ServiceDetail> =>
    presentServiceDetail(context.database.db, await changed, principal);

/**
 * A route that changes the service of its path's `:id` by one command with the request's body:
 * `api.post(path, serviceCommand(context, { summary, body, command }))`.
 */
export const serviceCommand = <B extends z.ZodType>(
  context: AppContext,
  {
    command,
    ...route
  }: {
    summary: string;
    description?: string;
    body: B;
    command: (writes: Writes, principal: AuthUser, id: string, input: z.output<B>) => Promise<ServiceSnapshot>;
  },
) => {
  const respond = serviceResponder(context);
  return {
    ...SERVICE_CHANGE,
    ...route,
    params: serviceIdParamSchema,
    handler: async (request: { params: { id: string }; body: unknown }, principal: AuthUser) =>
      respond(principal, command(context.writes, principal, request.params.id, request.body as z.output<B>)),
  };
};
