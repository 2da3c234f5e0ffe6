import { de } from './de.js';
import { en } from './en.js';
import { catalogueHas, lookup, type Language } from './core.js';
import type { MessageKey, Messages } from './types.js';

export * from './core.js';
export { de, en };

/** Whether a string from data is a key of the whole English catalogue (ADR 0022). */
export const hasMessage = (key: string): key is MessageKey => catalogueHas(en, key);

/**
 * Every catalogue, whole. Kept out of core.ts so the web bundle, which imports core only, carries
 * no catalogue: it bundles the English shell part and loads the rest on demand (ADR 0026).
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
