import { describe, expect, it } from 'vitest';
import { hasMessage, translate } from '../i18n/index.js';
import { routeById } from '../routes.js';
import {
  INSTRUCTION_DOCUMENT_IDS,
  instructionDocumentKeys,
  instructionPdfFor,
  instructionPdfPath,
} from './documents.js';

describe('instruction documents (ADR 0039)', () => {
  it('has every title, audience, intro, section and step in English and German', () => {
    for (const id of INSTRUCTION_DOCUMENT_IDS) {
      const keys = instructionDocumentKeys(id);
      const all = [keys.title, keys.audience, keys.intro, ...keys.sections.flatMap((s) => [s.title, ...s.steps])];
      expect(keys.sections.length, id).toBeGreaterThan(3);
      for (const key of all) {
        expect(hasMessage(key), key).toBe(true);
        expect(translate('de', key), key).not.toBe(translate('en', key));
      }
    }
  });

  it('titles each page like its route and leaves it public like its PDF', () => {
    expect(translate('en', instructionDocumentKeys('servicePortfolio').title)).toBe('Instructions: Service Portfolio');
    expect(translate('de', instructionDocumentKeys('contactDatabase').title)).toBe('Anleitung: Kontaktdatenbank');
    expect(routeById('instructionsServicePortfolio')).toMatchObject({
      path: '/instructions/service-portfolio',
      permission: 'public',
    });
  });

  it('names the PDFs by document and language', () => {
    expect(instructionPdfPath('servicePortfolio', 'en')).toBe('/static/instructions/service-portfolio.pdf');
    expect(instructionPdfPath('contactDatabase', 'de')).toBe('/static/instructions/contact-database.de.pdf');
  });

  it("answers the portal's own PDFs in the reader's language and leaves other addresses alone", () => {
    expect(instructionPdfFor('/static/instructions/service-portfolio.pdf', 'de')).toBe(
      '/static/instructions/service-portfolio.de.pdf',
    );
    expect(instructionPdfFor('/static/instructions/contact-database.pdf', 'en')).toBe(
      '/static/instructions/contact-database.pdf',
    );
    expect(instructionPdfFor('https://docs.example.org/guide.pdf', 'de')).toBe('https://docs.example.org/guide.pdf');
  });
});
