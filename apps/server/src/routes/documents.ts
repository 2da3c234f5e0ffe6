import fastifyMultipart from '@fastify/multipart';
import { documentListSchema, documentSchema, MAX_DOCUMENT_BYTES, serviceIdParamSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { deleteDocument } from '../commands/delete-document.js';
import { uploadDocument } from '../commands/upload-document.js';
import { notFound } from '../http/http-error.js';
import { requestLog } from '../http/portal-log.js';
import { readSingleUpload, singleFileLimits } from '../http/multipart-upload.js';
import { apiRoutes, createAnswers, deleteAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentDocument } from '../presenters/document.js';
import { findServiceDocument, listServiceDocuments } from '../queries/documents.js';
import { identifyDocument } from '../storage/document-upload.js';
import type { FileStore } from '../storage/file-store.js';
import { attachmentDisposition } from '../storage/filenames.js';

const documentParamsSchema = serviceIdParamSchema.extend({
  documentId: z.uuid({ error: 'validation.invalid' }),
});

/**
 * A service's documents area: list, upload, download, delete. Reading needs only
 * visibility; uploading and deleting need the documents right and an activated area.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ context: AppContext; files: FileStore }> = async (
  app,
  { context, files },
) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('documents'));
  const { db } = context.database;
  // Only this scope parses multipart bodies; busboy stops a file at the limit instead of buffering it.
  await app.register(fastifyMultipart, { limits: singleFileLimits(MAX_DOCUMENT_BYTES) });

  api.get('/services/:id/documents', {
    access: 'service.read',
    summary: "A service's documents, newest first",
    params: serviceIdParamSchema,
    answer: documentListSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      return { items: (await listServiceDocuments(db, service.row.id)).map(presentDocument) };
    },
  });

  api.post('/services/:id/documents', {
    access: 'service.update',
    summary: 'Upload a document: multipart/form-data with one part named `file`, at most 20 MB',
    description:
      'The type is recognised from the content: PDF, PNG, JPEG, UTF-8 text (txt, csv, md), Word, Excel and PowerPoint (OOXML), OpenDocument text, spreadsheet and presentation.',
    consumes: ['multipart/form-data'],
    params: serviceIdParamSchema,
    ...createAnswers(documentSchema, 404, 409, 413, 415),
    handler: async (request, principal) => {
      // Every refusal comes before the body is read: a refused caller never makes us take in 20 MB.
      assertCanChangeDocuments(await loadVisibleService(db, request.params.id, principal));
      const upload = await readSingleUpload(request, { field: 'file', maxBytes: MAX_DOCUMENT_BYTES });
      const row = await uploadDocument(context.writes, files, principal, request.params.id, identifyDocument(upload));
      return presentDocument(row);
    },
  });

  api.get('/services/:id/documents/:documentId', {
    access: 'service.read',
    summary: 'Download a document (as an attachment; the auth cookie works too)',
    params: documentParamsSchema,
    answer: z.unknown().meta({ description: 'The file, in the type found at upload' }),
    errors: [400, 401, 404],
    handler: async (request, principal, reply) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      const row = await findServiceDocument(db, service.row.id, request.params.documentId);
      if (!row) throw notFound();
      const bytes = await files.get(row.storageKey);
      if (!bytes) {
        // Deleted between the two reads, or a store that lost it: the file is not there either way.
        requestLog(context.log, request).warn(
          { documentId: row.id, storageKey: row.storageKey },
          'document without stored bytes',
        );
        throw notFound();
      }
      return (
        reply
          .header('content-type', row.contentType)
          .header('content-disposition', attachmentDisposition(row.filename))
          .header('x-content-type-options', 'nosniff')
          // Should a browser open it anyway, it runs no script and reaches nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(bytes)
      );
    },
  });

  api.delete('/services/:id/documents/:documentId', {
    access: 'service.update',
    summary: 'Delete a document',
    params: documentParamsSchema,
    ...deleteAnswers('Deleted'),
    handler: async (request, principal) => {
      await deleteDocument(context.writes, files, principal, request.params.id, request.params.documentId);
    },
  });
};
