import { crc32, deflateRawSync } from 'node:zlib';

/** Tiny real files of every accepted type (and some refused ones) for upload tests. */

export interface ZipEntryInput {
  name: string;
  content: string | Buffer;
  /** Deflate the entry (default); ODF wants its `mimetype` stored. */
  deflate?: boolean;
}

/** A plain ZIP archive (no ZIP64, no data descriptors), as office suites write them. */
export const buildZip = (entries: readonly ZipEntryInput[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const deflate = entry.deflate ?? true;
    const stored = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const ooxml = (main: string, mainPart: string, contentType: string) =>
  buildZip([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${mainPart}"/></Relationships>`,
    },
    { name: mainPart, content: main },
  ]);

const odf = (mimetype: string) =>
  buildZip([
    // ODF 1.2 part 3 §3.3: first, stored, no extra field.
    { name: 'mimetype', content: mimetype, deflate: false },
    {
      name: 'META-INF/manifest.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/>` +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    },
    {
      name: 'content.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"><office:body/></office:document-content>',
    },
  ]);

export const SAMPLE_FILES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xd9,
  ]),
  text: Buffer.from('Betriebshandbuch für den Dienst\nZeile zwei\twith a tab\r\n', 'utf8'),
  csv: Buffer.from('name;centre\nObject Storage;HPC North\n', 'utf8'),
  markdown: Buffer.from('<div align="center">\n\n# Runbook\n\n- restart the **gateway**\n', 'utf8'),
  docx: ooxml(
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  ),
  xlsx: ooxml(
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  ),
  pptx: ooxml(
    '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
    'ppt/presentation.xml',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  ),
  odt: odf('application/vnd.oasis.opendocument.text'),
  ods: odf('application/vnd.oasis.opendocument.spreadsheet'),
  odp: odf('application/vnd.oasis.opendocument.presentation'),
} as const;

/** Refused content: a Linux executable, a web page, a macro-enabled Word file, a plain ZIP. */
export const REFUSED_FILES = {
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56)]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n', 'utf8'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'utf8'),
  docm: ooxml(
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    'word/document.xml',
    'application/vnd.ms-word.document.macroEnabled.main+xml',
  ),
  zip: buildZip([{ name: 'readme.txt', content: 'just a zip' }]),
  latin1Text: Buffer.from('Gr\xfc\xdfe aus M\xfcnchen\n', 'latin1'),
  windowsExe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(62)]),
} as const;
