import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { commentRequestSchema, createKeywordsRequestSchema, createServiceRequestSchema } from './services.js';
import { isSafeText, text } from './text.js';

describe('the safe-text rule (ADR 0015)', () => {
  it('refuses NUL and lone surrogates, keeps every other text including proper pairs', () => {
    for (const bad of ['a\u0000b', '\u0000', '\ud800', 'x\udc00', '\udc00\ud800', 'ok \ud83d'])
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Object Storage', 'Küstenlabor', 'ok \ud83d\ude00', '\t\n', '\u001f', '\ufffd'])
      expect(isSafeText(good), JSON.stringify(good)).toBe(true);
  });

  it('is part of the string schemas, with an i18n key as message', () => {
    const result = text().trim().max(10).safeParse(' a\u0000 ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.invalidCharacters');
    expect(text().trim().parse(' ok ')).toBe('ok');
  });

  it('guards the request schemas', () => {
    expect(loginRequestSchema.safeParse({ login: 'ad\u0000min', password: 'x' }).success).toBe(false);
    expect(createServiceRequestSchema.safeParse({ name: 'Storage \ud800' }).success).toBe(false);
    expect(createServiceRequestSchema.safeParse({ name: 'S', fields: { a: 'x\u0000' } }).success).toBe(false);
    expect(createServiceRequestSchema.safeParse({ name: 'S', fields: { ['a\u0000']: 'x' } }).success).toBe(false);
    expect(createKeywordsRequestSchema.safeParse({ names: ['Cloud\ud800'] }).success).toBe(false);
    expect(commentRequestSchema.safeParse({ text: 'a\u0000b' }).success).toBe(false);
  });
});
