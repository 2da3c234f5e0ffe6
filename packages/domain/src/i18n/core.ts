import type { MessageKey } from './types.js';

export type { FieldMessages, MessageKey, Messages, ShellMessages } from './types.js';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

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

export const lookup = (catalogue: unknown, key: string): string | undefined => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/**
 * Whether a string from data (a server message, a zod issue) is a key of the given catalogue, a
 * plural's base included: the runtime check where a typed key cannot be had (ADR 0022). The
 * catalogue is a parameter because the web holds only the parts it has loaded (ADR 0026).
 */
export const catalogueHas = (catalogue: unknown, key: string): key is MessageKey =>
  lookup(catalogue, key) !== undefined || lookup(catalogue, `${key}_other`) !== undefined;

/**
 * A message key where the parameter is any string (zod's messages in the schemas): returns the key
 * unchanged, and its type makes a key missing from the catalogue fail the typecheck (ADR 0022).
 */
export const msg = <K extends MessageKey>(key: K): K => key;
