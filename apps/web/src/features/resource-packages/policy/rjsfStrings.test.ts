import { de } from '@nubes/domain/i18n/de';
import { en } from '@nubes/domain/i18n/en';
import { TranslatableString } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';

describe('rjsf’s own strings', () => {
  it('are all in the catalogue, in both languages, with their parameters', () => {
    for (const [name, english] of Object.entries(TranslatableString)) {
      const parameters = [...english.matchAll(/%(\d)/g)].map(([, index]) => `{{p${index}}}`);
      for (const catalogue of [en, de]) {
        const text = (catalogue.resourcePackageEditor.rjsf as Record<string, string>)[name];
        expect(text, `${name}`).toBeTruthy();
        for (const parameter of parameters) expect(text, `${name} keeps ${parameter}`).toContain(parameter);
      }
    }
  });
});
