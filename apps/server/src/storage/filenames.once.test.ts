import { describe, expect, it } from 'vitest';
import { attachmentDisposition, extensionOf, MAX_FILENAME_LENGTH, sanitizeFilename } from './filenames.js';

describe('sanitizeFilename', () => {
  it('drops directories of either kind', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\alice\\Report.pdf')).toBe('Report.pdf');
  });

  it('drops control and direction characters and collapses whitespace', () => {
    expect(sanitizeFilename('a\u0000b\u0007c\n.txt')).toBe('abc.txt');
    expect(sanitizeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('  two   words .md ')).toBe('two words .md');
  });

  it('answers empty for nothing usable, so the caller picks a name', () => {
    expect(sanitizeFilename(undefined)).toBe('');
    expect(sanitizeFilename('..')).toBe('');
    expect(sanitizeFilename('dir/')).toBe('');
    expect(sanitizeFilename('\u0001\u0002')).toBe('');
  });

  it('keeps umlauts (NFC) and cuts long names to 200 characters, extension kept', () => {
    expect(sanitizeFilename('U\u0308bersicht.pdf')).toBe('Übersicht.pdf');
    const long = sanitizeFilename(`${'ä'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(MAX_FILENAME_LENGTH);
    expect(long.endsWith('ä.docx')).toBe(true);
  });
});

describe('extensionOf', () => {
  it('answers the lower-case extension or nothing', () => {
    expect(extensionOf('Report.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(attachmentDisposition('Übersicht "final" (2).pdf')).toBe(
      `attachment; filename="_bersicht _final_ (2).pdf"; filename*=UTF-8''%C3%9Cbersicht%20%22final%22%20%282%29.pdf`,
    );
    expect(attachmentDisposition('plain.txt')).toBe(`attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
  });

  it('never lets a header break out', () => {
    const header = attachmentDisposition('a\\b";x=1\r\nSet-Cookie: y.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"')).toHaveLength(3);
  });
});
