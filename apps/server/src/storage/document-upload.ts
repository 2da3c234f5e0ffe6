import { HttpError, invalidInput } from '../http/http-error.js';
import { DOCUMENT_TYPES, extensionFits, sniffDocumentType } from './content-type-sniffer.js';
import { extensionOf, sanitizeFilename } from './filenames.js';

/** A document ready to store: a safe name and the type its content proves. */
export interface NewDocument {
  filename: string;
  /** The type found in the content, not the client's claim. */
  contentType: string;
  bytes: Buffer;
}

/**
 * What an uploaded file is, from its bytes: 400 when it is empty, 415 when the content is none of
 * the accepted types or the name claims another type than the content ("report.pdf" holding a web
 * page). The name is made safe, and a name without an extension gets the type's first one.
 */
export const identifyDocument = (upload: { filename: string; bytes: Buffer }): NewDocument => {
  if (upload.bytes.length === 0) throw invalidInput('documents.empty');
  const sent = sanitizeFilename(upload.filename);
  const type = sniffDocumentType(upload.bytes, extensionOf(sent));
  if (!type || !extensionFits(type, extensionOf(sent)))
    throw new HttpError('unsupported_media_type', 'documents.badType');
  const { contentType, extensions } = DOCUMENT_TYPES[type];
  const filename = extensionOf(sent) ? sent : sanitizeFilename(`${sent || 'document'}.${extensions[0]}`);
  return { filename, contentType, bytes: upload.bytes };
};
