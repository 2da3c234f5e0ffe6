import { canActivateDocuments } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { services } from '../db/schema.js';
import { forbidden } from '../http/http-error.js';
import { assertVersion, loadVisibleService } from '../policies/service-policy.js';
import type { ServiceSnapshot } from '../presenters/service-detail.js';
import { recordAudit } from './record-audit.js';

/** The portfolio manager opens a service's documents area; opening an open one changes nothing. */
export const activateDocuments = (db: Db, principal: AuthUser, id: string, version: number): Promise<ServiceSnapshot> =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    if (!canActivateDocuments(service.relation)) throw forbidden();
    assertVersion(service.row, version);
    if (service.row.documentsActive) return service;
    const [row] = await tx
      .update(services)
      .set({ documentsActive: true, version: service.row.version + 1, updatedAt: sql`now()` })
      .where(eq(services.id, service.row.id))
      .returning();
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      {
        objectType: 'service',
        objectId: service.row.id,
        action: 'service.documents.activated',
        before: { documentsActive: false },
        after: { documentsActive: true },
      },
    );
    return { row: row!, adminIds: service.adminIds };
  });
