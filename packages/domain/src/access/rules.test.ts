import { describe, expect, it } from 'vitest';
import { allOf, anyOf, fact, holds, not } from './rules.js';

describe('access rules', () => {
  it('folds constants away, so a role that decides leaves true or false', () => {
    expect(anyOf(fact('a'), true)).toBe(true);
    expect(allOf(fact('a'), false)).toBe(false);
    expect(anyOf<'a'>(false, fact('a'))).toEqual({ fact: 'a' });
    expect(allOf<'a'>()).toBe(true);
    expect(anyOf<'a'>()).toBe(false);
    expect(not<'a'>(true)).toBe(false);
  });

  it('answers an object by its facts', () => {
    const rule = anyOf(fact('owner'), allOf(not(fact('draft')), fact('reader')));
    expect(holds(rule, { owner: true, draft: true, reader: false })).toBe(true);
    expect(holds(rule, { owner: false, draft: true, reader: true })).toBe(false);
    expect(holds(rule, { owner: false, draft: false, reader: true })).toBe(true);
    expect(holds(rule, { owner: false, draft: false, reader: false })).toBe(false);
  });
});
