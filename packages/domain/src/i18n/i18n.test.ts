import { describe, expect, it } from 'vitest';
import { de, en, negotiateLanguage, translate } from './index.js';

const leafKeys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );

describe('message catalogues', () => {
  it('German is complete: the same keys as English, none empty', () => {
    expect(leafKeys(de).sort()).toEqual(leafKeys(en).sort());
    for (const key of leafKeys(de)) expect(translate('de', key), key).not.toBe('');
  });

  it('keeps the same placeholders in both languages', () => {
    for (const key of leafKeys(en)) {
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(translate('de', key)), key).toEqual(names(translate('en', key)));
    }
  });

  it('translates with parameters and falls back to English, then to the key', () => {
    expect(translate('en', 'welcomeBar.loggedIn', { fullname: 'Alice Adler' })).toBe('Welcome, Alice Adler');
    expect(translate('de', 'welcomeBar.loggedIn', { fullname: 'Alice Adler' })).toBe('Willkommen, Alice Adler');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
  });

  it('negotiates the language from Accept-Language with English as default', () => {
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLanguage('fr-FR,de;q=0.5')).toBe('de');
    expect(negotiateLanguage('fr-FR')).toBe('en');
    expect(negotiateLanguage('de;q=0, en')).toBe('en');
  });
});
