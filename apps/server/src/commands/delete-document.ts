import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import { serviceDocuments } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import type { FileStore } from '../storage/file-store.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';

/** Removes a document and its bytes, with the service's audit event, in one transaction. */
export const deleteDocument = async (
  writes: Writes,
  files: FileStore,
  principal: AuthUser,
  serviceId: string,
  documentId: string,
): Promise<void> => {
  await changeService(writes, {
    id: serviceId,
    principal,
    authorize: assertCanChangeDocuments,
    change: async (tx, service) => {
      const [row] = await tx
        .delete(serviceDocuments)
        .where(and(eq(serviceDocuments.id, documentId), eq(serviceDocuments.serviceId, service.row.id)))
        .returning();
      // Deleted by someone else a moment ago, or never this service's: either way there is nothing to delete.
      if (!row) throw notFound();
      await files.delete(row.storageKey, tx);
      return { events: [{ action: 'service.document.deleted', before: { document: row.filename } }] };
    },
  });
};
