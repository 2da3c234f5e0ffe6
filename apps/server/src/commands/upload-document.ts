import { createHash } from 'node:crypto';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { serviceDocuments } from '../db/schema.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import { loadVisibleService } from '../policies/service-policy.js';
import type { FileStore } from '../storage/file-store.js';
import { recordAudit } from './record-audit.js';

export interface NewDocument {
  /** Already sanitised. */
  filename: string;
  /** The type found in the content, not the client's claim. */
  contentType: string;
  bytes: Buffer;
}

/** Stores a document of a service: bytes, metadata and the service's audit event in one transaction. */
export const uploadDocument = (db: Db, files: FileStore, principal: AuthUser, serviceId: string, file: NewDocument) =>
  db.transaction(async (tx) => {
    // Checked again under the row lock: the area may have closed, or the caller's role gone, while the file arrived.
    const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
    assertCanChangeDocuments(service);
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
    await recordAudit(
      tx,
      { id: principal.id, name: principal.username },
      {
        objectType: 'service',
        objectId: service.row.id,
        action: 'service.document.uploaded',
        after: { document: file.filename },
      },
    );
    return row!;
  });
