import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from './full-text.js';

describe('prefixTsQuery', () => {
  it('turns words into prefix terms that must all match', () => {
    expect(prefixTsQuery('stor  Obj')).toBe('stor:* & Obj:*');
    expect(prefixTsQuery('SVC-0004')).toBe('SVC-0004:*');
    expect(prefixTsQuery('00042')).toBe('(00042:* | -00042:*)');
    expect(prefixTsQuery('Über straße')).toBe('Über:* & straße:*');
  });

  it('drops everything that is no word, so the query syntax cannot be broken', () => {
    expect(prefixTsQuery("it's & | ! : * ( ) \\ -x- --")).toBe('it:* & s:* & x:*');
    expect(prefixTsQuery('&|!:*()')).toBeNull();
    expect(prefixTsQuery('')).toBeNull();
  });
});
