import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalidInput } from './http-error.js';

/** The busboy limits of an upload route: one file, a few small fields, nothing else. */
export const singleFileLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 8,
  headerPairs: 20,
});

/** Room for boundaries, part headers and a few small fields around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadedFile {
  /** As the client sent it (busboy already dropped directories); sanitise before storing. */
  filename: string;
  bytes: Buffer;
}

const tooLarge = () => new HttpError('payload_too_large', 'documents.tooLarge', undefined, { connection: 'close' });

/**
 * The stream's bytes, refusing as soon as they pass `maxBytes`: never more than that is held, and
 * the rest of the body is not read (busboy alone would drain it to the end of the part).
 */
const readLimited = async (stream: MultipartFile['file'], maxBytes: number): Promise<Buffer> => {
  // busboy cuts the file at its fileSize limit and says so; stopping here also stops reading the request.
  stream.once('limit', () => stream.destroy(tooLarge()));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  // busboy cuts the file at its fileSize limit and marks it truncated.
  if (stream.truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
};

/**
 * @fastify/multipart and busboy fail with their own errors, some with no status at all (a missing
 * boundary, a torn body): each becomes the client error it is, never a 500.
 */
const uploadError = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalidInput('documents.oneFile');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError('payload_too_large');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError('unsupported_media_type', 'documents.missingFile');
    default:
      return invalidInput('documents.cannotUpload');
  }
};

/**
 * Reads the one file of a multipart/form-data upload from the part named `field`. Call it after
 * every check that can refuse the request, so a refused caller never makes the server read a body.
 * Answers 415 for another media type, 413 past `maxBytes` (at once when Content-Length says so),
 * 400 without a file or with more than one.
 */
export const readSingleUpload = async (
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<UploadedFile> => {
  if (!request.isMultipart()) throw new HttpError('unsupported_media_type', 'documents.missingFile');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) throw tooLarge();

  let upload: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== options.field) throw invalidInput('documents.missingFile');
      if (upload) throw invalidInput('documents.oneFile');
      upload = { filename: part.filename, bytes: await readLimited(part.file, options.maxBytes) };
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!upload) throw invalidInput('documents.missingFile');
  return upload;
};
