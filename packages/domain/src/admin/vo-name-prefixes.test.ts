import { describe, expect, it } from 'vitest';
import { createVoNamePrefixSchema, reservedPrefixOf } from './vo-name-prefixes.js';

describe('reserved VO name prefixes', () => {
  const reserved = ['nubes', 'HPCN', 'test'];

  it('finds the prefix a name starts with, whatever the case', () => {
    expect(reservedPrefixOf('HPCN-climate', reserved)).toBe('HPCN');
    expect(reservedPrefixOf('hpcn_climate', reserved)).toBe('HPCN');
    expect(reservedPrefixOf('NubesOps', reserved)).toBe('nubes');
    expect(reservedPrefixOf('testing', reserved)).toBe('test');
  });

  it('lets a name through that only contains a prefix, or when nothing is reserved', () => {
    expect(reservedPrefixOf('climate-hpcn', reserved)).toBeUndefined();
    expect(reservedPrefixOf('tes', reserved)).toBeUndefined();
    expect(reservedPrefixOf('anything', [])).toBeUndefined();
    expect(reservedPrefixOf('anything', [''])).toBeUndefined();
  });

  it('accepts only prefixes a VO name could start with, the note optional', () => {
    expect(createVoNamePrefixSchema.parse({ prefix: ' ops_ ' })).toEqual({ prefix: 'ops_', note: '' });
    expect(createVoNamePrefixSchema.safeParse({ prefix: 'a b' }).success).toBe(false);
    expect(createVoNamePrefixSchema.safeParse({ prefix: 'ä' }).success).toBe(false);
    expect(createVoNamePrefixSchema.safeParse({ prefix: '' }).success).toBe(false);
    expect(createVoNamePrefixSchema.safeParse({ prefix: 'x', note: 'n'.repeat(501) }).success).toBe(false);
  });
});
