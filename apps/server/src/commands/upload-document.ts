import { createHash } from 'node:crypto';
import type { AuthUser } from '../auth/principal.js';
import { serviceDocuments } from '../db/schema.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import type { NewDocument } from '../storage/document-upload.js';
import type { FileStore } from '../storage/file-store.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';

/** Stores a document of a service: bytes, metadata and the service's audit event in one transaction. */
export const uploadDocument = async (
  writes: Writes,
  files: FileStore,
  principal: AuthUser,
  serviceId: string,
  file: NewDocument,
) => {
  const { value } = await changeService(writes, {
    id: serviceId,
    principal,
    // Checked again under the row lock: the area may have closed, or the caller's role gone, while the file arrived.
    authorize: assertCanChangeDocuments,
    change: async (tx, service) => {
      const storageKey = await files.put(file.bytes, tx);
      const [row] = await tx
        .insert(serviceDocuments)
        .values({
          serviceId: service.row.id,
          filename: file.filename,
          contentType: file.contentType,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          storageKey,
          uploadedById: principal.id,
          uploadedByName: principal.fullname || principal.username,
        })
        .returning();
      return { events: [{ action: 'service.document.uploaded', after: { document: file.filename } }], value: row! };
    },
  });
  return value;
};
