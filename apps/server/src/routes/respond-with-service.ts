import { serviceDetailSchema, type ServiceDetail } from '@nubes/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import type { ServiceSnapshot } from '../model/service.js';
import { presentServiceDetail } from '../presenters/service-detail.js';
import type { Writes } from '../writes/pipeline.js';

/** What a route that changes a service answers: the service as it is now, or one of the errors. */
export const SERVICE_CHANGE_RESPONSES = { 200: serviceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) };

/** A command that changes a service and answers it as it is now. */
export type ServiceCommand = (writes: Writes, principal: AuthUser) => Promise<ServiceSnapshot>;

/**
 * The tail of every route that changes a service, written once: the caller, the command (whose
 * pipeline has cleared the caches once its transaction committed), the service as the caller now
 * sees it. A handler cannot forget the caches: it never touches them.
 */
export const serviceResponder =
  (context: AppContext) =>
  async (request: FastifyRequest, command: ServiceCommand): Promise<ServiceDetail> => {
    const principal = requirePrincipal(request);
    const changed = await command(context.writes, principal);
    return presentServiceDetail(context.database.db, changed, principal);
  };
