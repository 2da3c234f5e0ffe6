import { describe, expect, it } from 'vitest';
import { deShell } from './de-shell.js';
import { enShell } from './en-shell.js';
import { de, en, hasMessage, negotiateLanguage, translate, type MessageKey } from './index.js';

const leafKeys = (node: object, prefix = ''): MessageKey[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}` as MessageKey] : leafKeys(value as object, `${prefix}${key}.`),
  );

/** The screens part: the top-level sections of a whole catalogue that its shell part does not have. */
const screensSections = (catalogue: object): string[] =>
  Object.keys(catalogue)
    .filter((section) => !(section in enShell))
    .sort();
const screensPart = (catalogue: object): object =>
  Object.fromEntries(Object.entries(catalogue).filter(([section]) => !(section in enShell)));

describe('message catalogues', () => {
  it('German is complete: the same keys as English, none empty', () => {
    expect(leafKeys(de).sort()).toEqual(leafKeys(en).sort());
    for (const key of leafKeys(de)) expect(translate('de', key), key).not.toBe('');
  });

  it('German has the same shell part as English, and the same screens part (ADR 0026)', () => {
    expect(Object.keys(deShell).sort()).toEqual(Object.keys(enShell).sort());
    expect(leafKeys(deShell).sort()).toEqual(leafKeys(enShell).sort());
    expect(screensSections(de)).toEqual(screensSections(en));
    expect(leafKeys(screensPart(de)).sort()).toEqual(leafKeys(screensPart(en)).sort());
  });

  it('assembles each whole catalogue from its shell part and screens part, no section in both', () => {
    for (const [whole, shell] of [
      [en, enShell],
      [de, deShell],
    ] as const) {
      // A shell section that the screens part defined again would replace the shell's object.
      for (const section of Object.keys(shell))
        expect(whole[section as keyof typeof whole], section).toBe(shell[section as keyof typeof shell]);
      expect(screensSections(whole).length).toBeGreaterThan(5);
    }
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
    // A key from data that the catalogue lacks: only a cast gets it past the type.
    expect(translate('de', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });

  it('picks the plural form of a count, as i18next does', () => {
    expect(translate('en', 'portfolio.total', { count: 1 })).toBe('1 service');
    expect(translate('en', 'portfolio.total', { count: 3 })).toBe('3 services');
    expect(translate('de', 'portfolio.total', { count: 0 })).toBe(
      translate('de', 'portfolio.total_other', { count: 0 }),
    );
    expect(translate('en', 'portfolio.total_one', { count: 1 })).toBe('1 service');
  });

  it('knows the keys of the English catalogue, plural bases included', () => {
    expect(hasMessage('validation.required')).toBe(true);
    expect(hasMessage('portfolio.total')).toBe(true);
    expect(hasMessage('portfolio.total_one')).toBe(true);
    expect(hasMessage('portfolio')).toBe(false);
    expect(hasMessage('portfolio.totl')).toBe(false);
  });

  it('negotiates the language from Accept-Language with English as default', () => {
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLanguage('fr-FR,de;q=0.5')).toBe('de');
    expect(negotiateLanguage('fr-FR')).toBe('en');
    expect(negotiateLanguage('de;q=0, en')).toBe('en');
  });
});
