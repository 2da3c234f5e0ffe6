import { HttpError, invalidInput } from '../http/http-error.js';
import { DOCUMENT_TYPES, sniffDocumentType } from './content-type-sniffer.js';

/** A logo ready to store: its bytes and the type they prove. */
export interface NewLogo {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** An SVG or other XML start, after a byte order mark and white space. */
const SVG_START = /^(?:\uFEFF)?\s*(?:<\?xml[\s>]|<!--|<!doctype\s+svg|<svg[\s>])/i;

/**
 * What an uploaded logo is, from its bytes (docs/adr/0033-institution-logos.md): 400 when empty,
 * 415 for SVG (refused rather than sanitised: a picture that can carry script on a public
 * address) and for anything but PNG and JPEG. The name and the client's type prove nothing.
 */
export const identifyLogo = (bytes: Buffer): NewLogo => {
  if (bytes.length === 0) throw invalidInput('documents.empty');
  const type = sniffDocumentType(bytes, '');
  if (type === 'png' || type === 'jpeg') return { contentType: DOCUMENT_TYPES[type].contentType, bytes };
  if (SVG_START.test(bytes.subarray(0, 1024).toString('utf8')))
    throw new HttpError('unsupported_media_type', 'institutionAdmin.logoSvgRefused');
  throw new HttpError('unsupported_media_type', 'institutionAdmin.logoBadType');
};
