import fastifyMultipart from '@fastify/multipart';
import {
  documentListSchema,
  documentSchema,
  MAX_DOCUMENT_BYTES,
  serviceIdParamSchema,
  type Principal,
} from '@nubes/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteDocument } from '../commands/delete-document.js';
import { uploadDocument } from '../commands/upload-document.js';
import { serviceDocuments } from '../db/schema.js';
import { HttpError, invalidInput, notFound, unauthorized } from '../http/http-error.js';
import { readSingleUpload, singleFileLimits } from '../http/multipart-upload.js';
import { errorResponses } from '../http/openapi.js';
import { assertCanChangeDocuments } from '../policies/document-policy.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentDocument } from '../presenters/document.js';
import type { Services } from '../services.js';
import { DOCUMENT_TYPES, extensionFits, sniffDocumentType } from '../storage/content-type-sniffer.js';
import type { FileStore } from '../storage/file-store.js';
import { attachmentDisposition, extensionOf, sanitizeFilename } from '../storage/filenames.js';

const documentParamsSchema = serviceIdParamSchema.extend({
  documentId: z.uuid({ error: 'validation.invalid' }),
});

const tags = ['documents'];
const security = [{ bearer: [] }];

const requirePrincipal = <P extends Principal>(principal: P | null): P => {
  if (!principal) throw unauthorized();
  return principal;
};

/**
 * A service's documents area (issue 3 §6): list, upload, download, delete. Reading needs only
 * visibility; uploading and deleting need the documents right and an activated area.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ services: Services; files: FileStore }> = async (
  app,
  { services, files },
) => {
  const { db } = services.database;
  // Only this scope parses multipart bodies; busboy stops a file at the limit instead of buffering it.
  await app.register(fastifyMultipart, { limits: singleFileLimits(MAX_DOCUMENT_BYTES) });

  app.get(
    '/services/:id/documents',
    {
      config: { access: 'service.read' },
      schema: {
        tags,
        summary: "A service's documents, newest first",
        security,
        params: serviceIdParamSchema,
        response: { 200: documentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const service = await loadVisibleService(db, request.params.id, requirePrincipal(request.principal));
      const rows = await db
        .select()
        .from(serviceDocuments)
        .where(eq(serviceDocuments.serviceId, service.row.id))
        .orderBy(desc(serviceDocuments.createdAt), desc(serviceDocuments.id));
      return { items: rows.map(presentDocument) };
    },
  );

  app.post(
    '/services/:id/documents',
    {
      config: { access: 'service.update' },
      schema: {
        tags,
        summary: 'Upload a document: multipart/form-data with one part named `file`, at most 20 MB',
        description:
          'The type is recognised from the content: PDF, PNG, JPEG, UTF-8 text (txt, csv, md), Word, Excel and PowerPoint (OOXML), OpenDocument text, spreadsheet and presentation.',
        consumes: ['multipart/form-data'],
        security,
        params: serviceIdParamSchema,
        response: { 201: documentSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      // Every refusal comes before the body is read: a refused caller never makes us take in 20 MB.
      assertCanChangeDocuments(await loadVisibleService(db, request.params.id, principal));
      const upload = await readSingleUpload(request, { field: 'file', maxBytes: MAX_DOCUMENT_BYTES });
      if (upload.bytes.length === 0) throw invalidInput('documents.empty');

      const sent = sanitizeFilename(upload.filename);
      const type = sniffDocumentType(upload.bytes, extensionOf(sent));
      // A name that claims another type than the content ("report.pdf" holding a web page) is refused too.
      if (!type || !extensionFits(type, extensionOf(sent))) {
        throw new HttpError('unsupported_media_type', 'documents.badType');
      }
      const { contentType, extensions } = DOCUMENT_TYPES[type];
      const filename = extensionOf(sent) ? sent : sanitizeFilename(`${sent || 'document'}.${extensions[0]}`);

      const row = await uploadDocument(db, files, principal, request.params.id, {
        filename,
        contentType,
        bytes: upload.bytes,
      });
      return reply.code(201).send(presentDocument(row));
    },
  );

  app.get(
    '/services/:id/documents/:documentId',
    {
      config: { access: 'service.read' },
      schema: {
        tags,
        summary: 'Download a document (as an attachment; the auth cookie works too)',
        security,
        params: documentParamsSchema,
        response: {
          200: z.unknown().meta({ description: 'The file, in the type found at upload' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const service = await loadVisibleService(db, request.params.id, requirePrincipal(request.principal));
      const [row] = await db
        .select()
        .from(serviceDocuments)
        .where(and(eq(serviceDocuments.id, request.params.documentId), eq(serviceDocuments.serviceId, service.row.id)));
      if (!row) throw notFound();
      const bytes = await files.get(row.storageKey);
      if (!bytes) {
        // Deleted between the two reads, or a store that lost it: the file is not there either way.
        request.log.warn({ documentId: row.id, storageKey: row.storageKey }, 'document without stored bytes');
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
  );

  app.delete(
    '/services/:id/documents/:documentId',
    {
      config: { access: 'service.update' },
      schema: {
        tags,
        summary: 'Delete a document',
        security,
        params: documentParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      await deleteDocument(db, files, principal, request.params.id, request.params.documentId);
      return reply.code(204).send(null);
    },
  );
};
