import { de } from './de.js';
import { en } from './en.js';
import { lookup, type Language } from './core.js';
import type { MessageKey, Messages } from './types.js';

export * from './core.js';
export { de };

/**
 * Every catalogue. Kept out of core.ts so the web bundle, which imports core only, loads German
 * on demand instead of carrying it in the initial JavaScript.
 */
const MESSAGES: Record<Language, Messages> = { en, de };

/** The key's text in one catalogue; with a numeric count, a plural's form as i18next picks it. */
const templateOf = (catalogue: Messages, language: Language, key: string, count: unknown): string | undefined =>
  lookup(catalogue, key) ??
  (typeof count === 'number'
    ? (lookup(catalogue, `${key}_${new Intl.PluralRules(language).select(count)}`) ?? lookup(catalogue, `${key}_other`))
    : undefined);

/**
 * Translates outside React (the server's error messages); the web uses i18next over the same
 * catalogues. Falls back to English, then to the key itself.
 */
export const translate = (
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string => {
  const template =
    templateOf(MESSAGES[language], language, key, params.count) ?? templateOf(en, 'en', key, params.count) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
};
