import type { Language } from '@nubes/domain';

/** A resource type's English/German text in the page's language (English for any other). */
export const inLanguage = (text: Readonly<Record<Language, string>>, language: string | undefined): string =>
  language === 'de' ? text.de : text.en;
