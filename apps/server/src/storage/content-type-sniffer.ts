import { inflateRawSync } from 'node:zlib';

/**
 * The document types a service's documents area accepts (ADR 0009), recognised by their content:
 * what the client claims and the file's extension prove nothing. A type's extensions are the
 * names it may carry; text is the one kind whose subtype (plain, CSV, Markdown) comes from the
 * extension, since the bytes cannot tell them apart.
 */
export const DOCUMENT_TYPES = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  text: { contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'text', 'log'] },
  csv: { contentType: 'text/csv; charset=utf-8', extensions: ['csv'] },
  markdown: { contentType: 'text/markdown; charset=utf-8', extensions: ['md', 'markdown'] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  ods: { contentType: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'] },
  odp: { contentType: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'] },
} as const;

export type DocumentType = keyof typeof DOCUMENT_TYPES;

const TEXT_TYPES: readonly DocumentType[] = ['text', 'csv', 'markdown'];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** WHATWG MIME Sniffing's "binary data bytes": control characters no text file contains. */
const isBinaryDataByte = (byte: number): boolean =>
  byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);

/**
 * Whole web documents (WHATWG MIME Sniffing's HTML, XML and SVG starts) are not text files, even
 * with a .txt name: they have no place in a documents area, and a mislabelled copy must never reach
 * a browser that guesses. Markdown may still open with an inline tag such as <div align="center">.
 */
const WEB_DOCUMENT_START = /^(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<script[\s>]|<svg[\s>]|<\?xml\s)/i;

const looksLikeText = (bytes: Uint8Array): boolean => {
  for (const byte of bytes) if (isBinaryDataByte(byte)) return false;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  return !WEB_DOCUMENT_START.test(text.replace(/^\uFEFF/, '').trimStart());
};

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** Entries from the ZIP central directory; null when the archive is not one we can read. */
const zipEntries = (bytes: Buffer): ZipEntry[] | null => {
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KiB.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // Office files of at most 20 MB never need ZIP64; its markers count as unreadable.
  if (count === 0xffff || directoryOffset === 0xffffffff || count === 0 || count > 100_000) return null;
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** An entry's content, stored or deflated, at most `maxBytes` long; null when unreadable. */
const readZipEntry = (bytes: Buffer, entry: ZipEntry, maxBytes: number): Buffer | null => {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== 0x04034b50) return null;
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return null;
  const data = bytes.subarray(start, end);
  try {
    if (entry.method === 0) return data.length <= maxBytes ? data : null;
    // maxOutputLength stops a zip bomb from inflating beyond what the check needs.
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
  return null;
};

const ODF_MIMETYPES: Record<string, DocumentType> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/**
 * The main part's content type decides; macro-enabled variants (docm, xlsm, pptm) and templates
 * declare other ones and are therefore refused.
 */
const OOXML_MAIN_PARTS: [string, DocumentType][] = [
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'pptx'],
];

const sniffZip = (bytes: Buffer): DocumentType | null => {
  const entries = zipEntries(bytes);
  if (!entries) return null;
  // OpenDocument: a `mimetype` entry naming the format (ODF 1.2 part 3, §3.3).
  const mimetypeEntry = entries.find((e) => e.name === 'mimetype');
  if (mimetypeEntry) {
    const value = readZipEntry(bytes, mimetypeEntry, 200)?.toString('ascii').trim();
    return (value && ODF_MIMETYPES[value]) || null;
  }
  // Office Open XML: [Content_Types].xml declares the main part (ECMA-376 part 2).
  const contentTypesEntry = entries.find((e) => e.name === '[Content_Types].xml');
  if (!contentTypesEntry) return null;
  const contentTypes = readZipEntry(bytes, contentTypesEntry, 1024 * 1024)?.toString('utf8');
  if (!contentTypes) return null;
  const found = OOXML_MAIN_PARTS.filter(([main]) => contentTypes.includes(`ContentType="${main}"`));
  return found.length === 1 ? found[0]![1] : null;
};

/**
 * What the bytes are, or null when they are none of the accepted types. For text the extension
 * picks plain, CSV or Markdown.
 */
export const sniffDocumentType = (bytes: Buffer, extension: string): DocumentType | null => {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return sniffZip(bytes);
  if (!looksLikeText(bytes)) return null;
  const ext = extension.toLowerCase();
  return TEXT_TYPES.find((type) => (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(ext)) ?? 'text';
};

/** Whether a file name's extension fits the type found in its content (no extension fits any type). */
export const extensionFits = (type: DocumentType, extension: string): boolean =>
  extension === '' || (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extension.toLowerCase());
