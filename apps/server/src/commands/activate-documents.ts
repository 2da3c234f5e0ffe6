import { canActivateDocuments } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import type { ServiceSnapshot } from '../model/service.js';
import type { Writes } from '../writes/pipeline.js';
import { allowedIf, changeService } from '../writes/service-writes.js';

/** The portfolio manager opens a service's documents area; opening an open one changes nothing. */
export const activateDocuments = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<ServiceSnapshot> => {
  const { object } = await changeService(writes, {
    id,
    principal,
    version,
    authorize: allowedIf(canActivateDocuments),
    change: async (_tx, service) =>
      service.row.documentsActive
        ? { events: [] }
        : {
            set: { documentsActive: true },
            events: [
              {
                action: 'service.documents.activated',
                before: { documentsActive: false },
                after: { documentsActive: true },
              },
            ],
          },
  });
  return object;
};
