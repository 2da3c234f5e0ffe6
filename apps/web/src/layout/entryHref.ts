import { instructionPdfFor, type Language, type NavEntry, type PublicConfig } from '@nubes/domain';

/**
 * Instruction PDFs are configuration; the domain's entries carry the default addresses. The
 * portal's own PDFs open in the reader's language.
 */
export const entryHref = (entry: NavEntry, config: PublicConfig, language: Language): string | undefined => {
  if (!entry.href) return undefined;
  if (entry.href.includes('service-portfolio'))
    return instructionPdfFor(config.instructions.servicePortfolio, language);
  if (entry.href.includes('contact-database')) return instructionPdfFor(config.instructions.contactDatabase, language);
  return entry.href;
};
