import type { ServiceDocument } from '@nubes/domain';
import type { serviceDocuments } from '../db/schema.js';

type DocumentRow = typeof serviceDocuments.$inferSelect;

export const presentDocument = (row: DocumentRow): ServiceDocument => ({
  id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  size: row.size,
  uploadedBy: row.uploadedByName,
  createdAt: row.createdAt.toISOString(),
});
