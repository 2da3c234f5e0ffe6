import { describe, expect, it } from 'vitest';
import { buildZip, REFUSED_FILES, SAMPLE_FILES } from '../test/sample-files.js';
import { DOCUMENT_TYPES, extensionFits, sniffDocumentType, type DocumentType } from './content-type-sniffer.js';

describe('sniffDocumentType', () => {
  const extensions: Record<keyof typeof SAMPLE_FILES, string> = {
    pdf: 'pdf',
    png: 'png',
    jpeg: 'jpg',
    text: 'txt',
    csv: 'csv',
    markdown: 'md',
    docx: 'docx',
    xlsx: 'xlsx',
    pptx: 'pptx',
    odt: 'odt',
    ods: 'ods',
    odp: 'odp',
  };

  it.each(Object.keys(SAMPLE_FILES) as (keyof typeof SAMPLE_FILES)[])('recognises %s by its content', (kind) => {
    expect(sniffDocumentType(SAMPLE_FILES[kind], extensions[kind])).toBe(kind);
  });

  it('recognises binary types whatever the name says', () => {
    expect(sniffDocumentType(SAMPLE_FILES.pdf, 'txt')).toBe('pdf');
    expect(sniffDocumentType(SAMPLE_FILES.docx, '')).toBe('docx');
    expect(sniffDocumentType(SAMPLE_FILES.odt, 'zip')).toBe('odt');
  });

  it('takes text subtypes from the extension and defaults to plain text', () => {
    expect(sniffDocumentType(SAMPLE_FILES.csv, 'CSV')).toBe('csv');
    expect(sniffDocumentType(SAMPLE_FILES.csv, 'markdown')).toBe('markdown');
    expect(sniffDocumentType(SAMPLE_FILES.csv, '')).toBe('text');
    expect(sniffDocumentType(Buffer.from('\uFEFFwith a byte order mark\n'), 'txt')).toBe('text');
  });

  it.each(Object.keys(REFUSED_FILES) as (keyof typeof REFUSED_FILES)[])('refuses %s', (kind) => {
    expect(sniffDocumentType(REFUSED_FILES[kind], 'txt')).toBeNull();
  });

  it('refuses empty content, NUL bytes, broken UTF-8 and truncated or odd ZIPs', () => {
    expect(sniffDocumentType(Buffer.alloc(0), 'txt')).toBeNull();
    expect(sniffDocumentType(Buffer.from('text with a \0 inside'), 'txt')).toBeNull();
    expect(sniffDocumentType(Buffer.from([0x61, 0xc3, 0x28]), 'txt')).toBeNull();
    expect(sniffDocumentType(SAMPLE_FILES.docx.subarray(0, 60), 'docx')).toBeNull();
    expect(sniffDocumentType(SAMPLE_FILES.odt.subarray(0, SAMPLE_FILES.odt.length - 5), 'odt')).toBeNull();
    // A mimetype entry naming something else (here an ODF drawing, not on the list).
    const drawing = buildZip([
      { name: 'mimetype', content: 'application/vnd.oasis.opendocument.graphics', deflate: false },
    ]);
    expect(sniffDocumentType(drawing, 'odg')).toBeNull();
    // Content types that declare two main parts are not a document we know.
    const both = buildZip([
      {
        name: '[Content_Types].xml',
        content:
          '<Types><Override PartName="/a" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '<Override PartName="/b" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      },
    ]);
    expect(sniffDocumentType(both, 'docx')).toBeNull();
  });

  it('reads a deflated mimetype entry too, but never inflates beyond what the check needs', () => {
    const deflated = buildZip([{ name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' }]);
    expect(sniffDocumentType(deflated, 'odt')).toBe('odt');
    const bomb = buildZip([{ name: 'mimetype', content: Buffer.alloc(10 * 1024 * 1024, 0x61) }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(sniffDocumentType(bomb, 'odt')).toBeNull();
  });
});

describe('extensionFits', () => {
  it('accepts the type own extensions in any case, and no extension at all', () => {
    for (const [type, { extensions }] of Object.entries(DOCUMENT_TYPES)) {
      for (const extension of extensions) {
        expect(extensionFits(type as DocumentType, extension.toUpperCase())).toBe(true);
      }
      expect(extensionFits(type as DocumentType, '')).toBe(true);
    }
  });

  it('refuses a name claiming another type', () => {
    expect(extensionFits('text', 'pdf')).toBe(false);
    expect(extensionFits('text', 'html')).toBe(false);
    expect(extensionFits('pdf', 'exe')).toBe(false);
    expect(extensionFits('docx', 'xlsx')).toBe(false);
  });
});
