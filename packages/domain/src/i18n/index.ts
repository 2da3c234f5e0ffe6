import { de } from './de.js';
import { en } from './en.js';
import { lookup, type Language } from './core.js';
import type { Messages } from './types.js';

export * from './core.js';
export { de };

/**
 * Every catalogue. Kept out of core.ts so the web bundle, which imports core only, loads German
 * on demand instead of carrying it in the initial JavaScript.
 */
const MESSAGES: Record<Language, Messages> = { en, de };

/**
 * Translates outside React (the server's error messages); the web uses i18next over the same
 * catalogues. Falls back to English, then to the key itself.
 */
export const translate = (language: Language, key: string, params: Record<string, string | number> = {}): string => {
  const template = lookup(MESSAGES[language], key) ?? lookup(en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
};
