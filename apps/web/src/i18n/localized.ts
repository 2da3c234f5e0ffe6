import type { LocalizedText } from '@nubes/domain';

/** A catalogue text in the current language; English when the language has none. */
export const localized = (text: LocalizedText, language: string | undefined): string =>
  language === 'de' ? text.de || text.en : text.en;
