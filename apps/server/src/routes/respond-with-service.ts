import { serviceDetailSchema, type ServiceDetail } from '@nubes/domain';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { changeAnswers } from '../http/api-route.js';
import type { ServiceSnapshot } from '../model/service.js';
import { presentServiceDetail } from '../presenters/service-detail.js';

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
