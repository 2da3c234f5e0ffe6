import type { Language } from '../i18n/core.js';
import type { MessageKey } from '../i18n/types.js';
import type { RouteId } from '../routes.js';

/**
 * The two instruction documents (ADR 0039): one source for the pages in the portal and the PDFs
 * the build writes. This module holds the structure (sections and their steps, in order); the
 * texts are the catalogues' `instructions` section, so both languages have the same steps.
 */
export type InstructionDocumentId = 'servicePortfolio' | 'contactDatabase';

interface InstructionDocumentDefinition {
  route: RouteId;
  /** The PDF's file name under /static/instructions/, without the language and `.pdf`. */
  file: string;
  sections: Readonly<Record<string, readonly string[]>>;
}

export const INSTRUCTION_DOCUMENTS: Readonly<Record<InstructionDocumentId, InstructionDocumentDefinition>> = {
  servicePortfolio: {
    route: 'instructionsServicePortfolio',
    file: 'service-portfolio',
    sections: {
      overview: ['menu', 'lists', 'export'],
      apply: ['open', 'name', 'fill', 'save', 'complete'],
      serviceView: ['tabs', 'roles', 'documents'],
      workflow: ['integration', 'steps', 'confirm', 'lists'],
      changes: ['edit', 'handIn'],
      resources: ['create', 'submit'],
      public: ['portfolio'],
    },
  },
  contactDatabase: {
    route: 'instructionsContactDatabase',
    file: 'contact-database',
    sections: {
      contacts: ['open', 'search', 'export'],
      newContact: ['open', 'email', 'institution', 'addresses', 'save'],
      details: ['general', 'relations', 'users', 'delete'],
      privacy: ['minimal', 'export', 'erase'],
      institutions: ['create', 'logo', 'delete'],
      userAccounts: ['list', 'details', 'roles'],
    },
  },
};

export const INSTRUCTION_DOCUMENT_IDS = Object.keys(INSTRUCTION_DOCUMENTS) as InstructionDocumentId[];

export interface InstructionSectionKeys {
  key: string;
  title: MessageKey;
  steps: MessageKey[];
}

export interface InstructionDocumentKeys {
  title: MessageKey;
  audience: MessageKey;
  intro: MessageKey;
  sections: InstructionSectionKeys[];
}

/** The message keys of a document in reading order: title, audience, intro, then each section's title and steps. */
export const instructionDocumentKeys = (id: InstructionDocumentId): InstructionDocumentKeys => {
  const base = `instructions.${id}`;
  return {
    title: `${base}.title` as MessageKey,
    audience: `${base}.audience` as MessageKey,
    intro: `${base}.intro` as MessageKey,
    sections: Object.entries(INSTRUCTION_DOCUMENTS[id].sections).map(([key, steps]) => ({
      key,
      title: `${base}.sections.${key}.title` as MessageKey,
      steps: steps.map((step) => `${base}.sections.${key}.steps.${step}` as MessageKey),
    })),
  };
};

/** The PDF of a document in a language: `service-portfolio.pdf` (English), `service-portfolio.de.pdf`. */
export const instructionPdfFile = (id: InstructionDocumentId, language: Language): string =>
  `${INSTRUCTION_DOCUMENTS[id].file}${language === 'en' ? '' : `.${language}`}.pdf`;

export const instructionPdfPath = (id: InstructionDocumentId, language: Language): string =>
  `/static/instructions/${instructionPdfFile(id, language)}`;

/**
 * An instruction PDF's address in the reader's language: the portal's own PDFs exist in every
 * language; any other address (a deployment's own document) stays as it is.
 */
export const instructionPdfFor = (href: string, language: Language): string => {
  const own = INSTRUCTION_DOCUMENT_IDS.find((id) => href === instructionPdfPath(id, 'en'));
  return own ? instructionPdfPath(own, language) : href;
};
