import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { INSTRUCTION_DOCUMENT_IDS, instructionDocumentKeys, LANGUAGES, translate } from '@nubes/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { renderInstructionPdf } from './instruction-pdf.js';
import { writeInstructionPdfs } from './write-instruction-pdfs.js';

/** windows-1252 differs from Latin-1 in 0x80–0x9F: the typographic quotes, dashes and the ellipsis. */
const WIN_ANSI_EXTRA: Record<number, string> = {
  0x84: '„',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};
const winAnsi = (bytes: Buffer): string =>
  Array.from(bytes, (byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte)).join('');

/** The page content streams, inflated: only those are deflated (zlib's first byte 0x78), the metadata is plain. */
const contentStreams = (pdf: Buffer): string =>
  [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map((match) => Buffer.from(match[1]!, 'latin1'))
    .filter((stream) => stream[0] === 0x78)
    .map((stream) => inflateSync(stream).toString('latin1'))
    .join('\n');

/**
 * The text a PDF shows, without spaces: pdfkit writes each line of a standard font as hex strings
 * in WinAnsi (windows-1252); kerning splits words, so spaces and line breaks cannot be compared.
 */
const shownText = (pdf: Buffer): string =>
  [...contentStreams(pdf).matchAll(/<([0-9a-f]+)>/g)]
    .map((hex) => winAnsi(Buffer.from(hex[1]!, 'hex')))
    .join('')
    .replace(/\s/g, '');
const squeezed = (text: string) => text.replace(/\s/g, '');
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('instruction PDFs (ADR 0039)', () => {
  it('renders every step of both documents in English and German, umlauts and quotes included', async () => {
    for (const id of INSTRUCTION_DOCUMENT_IDS)
      for (const language of LANGUAGES) {
        const pdf = await renderInstructionPdf(id, language);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pageCount(pdf), `${id} ${language}`).toBeGreaterThanOrEqual(1);
        const text = shownText(pdf);
        const keys = instructionDocumentKeys(id);
        expect(text.startsWith(squeezed(translate(language, keys.title))), `${id} ${language}`).toBe(true);
        for (const key of [keys.audience, keys.intro, ...keys.sections.flatMap((s) => [s.title, ...s.steps])])
          expect(text, key).toContain(squeezed(translate(language, key)));
      }
  });

  it('writes the German contact database instructions with their umlauts and a footer on every page', async () => {
    const pdf = await renderInstructionPdf('contactDatabase', 'de', 'Nubes');
    const text = shownText(pdf);
    expect(text).toContain('Anleitung:Kontaktdatenbank');
    expect(text).toContain(squeezed('Personenbezogene Daten'));
    expect(text).toMatch(/Müller/);
    for (let page = 1; page <= pageCount(pdf); page++)
      expect(text).toContain(`Nubes·Anleitung:Kontaktdatenbank·Seite${page}`);
    expect(pdf.toString('latin1')).toContain('/Title');
    // Tagged for screen readers: a structure tree with headings and lists, the footer an artifact.
    for (const tag of ['/StructTreeRoot', '/S /H1', '/S /H2', '/S /LI']) expect(pdf.toString('latin1')).toContain(tag);
    expect(contentStreams(pdf)).toContain('/Artifact');
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'nubes-instructions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes both documents in both languages, English without and German with the language in the name', async () => {
    const written = await writeInstructionPdfs(dir);
    expect(written.map((file) => path.basename(file)).sort()).toEqual([
      'contact-database.de.pdf',
      'contact-database.pdf',
      'service-portfolio.de.pdf',
      'service-portfolio.pdf',
    ]);
    expect(readdirSync(dir).sort()).toHaveLength(4);
    expect(shownText(readFileSync(path.join(dir, 'service-portfolio.de.pdf')))).toContain('Anleitung:Serviceportfolio');
  });
});
