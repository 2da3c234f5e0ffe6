import { describe, expect, it } from 'vitest';
import { allOf, anyOf, assuming, fact, holds, not } from './rules.js';

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

  it('folds known facts away, and answers the rest as before', () => {
    const rule = anyOf(allOf(fact('reviewer'), not(fact('draft'))), fact('owner'));
    expect(assuming(rule, { draft: false, reviewer: true })).toBe(true);
    expect(assuming(rule, { draft: true })).toEqual({ fact: 'owner' });
    expect(assuming(rule, { draft: false })).toEqual({ anyOf: [{ fact: 'reviewer' }, { fact: 'owner' }] });
    for (const owner of [true, false])
      for (const reviewer of [true, false])
        expect(holds(assuming(rule, { draft: false }), { owner, reviewer, draft: false })).toBe(
          holds(rule, { owner, reviewer, draft: false }),
        );
  });
});
