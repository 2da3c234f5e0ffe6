import { de } from './de.js';
import { en } from './en.js';
import type { Messages } from './types.js';

export type { Messages } from './types.js';
export { en, de };

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const MESSAGES: Record<Language, Messages> = { en, de };

/** Picks the first supported language of an Accept-Language header; English otherwise. */
export const negotiateLanguage = (acceptLanguage: string | null | undefined): Language => {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const hit = ranked.find((r) => r.q > 0 && (LANGUAGES as readonly string[]).includes(r.lang));
  return (hit?.lang as Language | undefined) ?? DEFAULT_LANGUAGE;
};

const lookup = (catalogue: unknown, key: string): string | undefined => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

export const hasMessage = (key: string): boolean => lookup(en, key) !== undefined;

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
