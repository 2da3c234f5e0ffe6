import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { serviceDocuments } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import { loadVisibleService } from '../policies/service-policy.js';
import type { FileStore } from '../storage/file-store.js';
import { recordAudit } from './record-audit.js';

/** Removes a document and its bytes, with the service's audit event, in one transaction. */
export const deleteDocument = (db: Db, files: FileStore, principal: AuthUser, serviceId: string, documentId: string) =>
  db.transaction(async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
    assertCanChangeDocuments(service);
    const [row] = await tx
      .delete(serviceDocuments)
      .where(and(eq(serviceDocuments.id, documentId), eq(serviceDocuments.serviceId, service.row.id)))
      .returning();
    // Deleted by someone else a moment ago, or never this service's: either way there is nothing to delete.
    if (!row) throw notFound();
    await files.delete(row.storageKey, tx);
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      {
        objectType: 'service',
        objectId: service.row.id,
        action: 'service.document.deleted',
        before: { document: row.filename },
      },
    );
  });
