import { describe, expect, it } from 'vitest';
import { matchesSearch, searchDocument, searchWords } from './search.js';

const finds = (q: string, ...texts: string[]) => matchesSearch(searchDocument(texts), searchWords(q));

describe('contact search', () => {
  it('finds German names by prefix, with or without umlauts', () => {
    expect(finds('mül', 'Jürgen', 'Müller')).toBe(true);
    expect(finds('MÜLLER', 'Jürgen', 'Müller')).toBe(true);
    expect(finds('muller', 'Jürgen', 'Müller')).toBe(true);
    expect(finds('mueller', 'Jürgen', 'Müller')).toBe(true);
    expect(finds('strasse', 'Großstraße')).toBe(false);
    expect(finds('gross', 'Großmann')).toBe(true);
  });

  it('wants every word to begin some word', () => {
    expect(finds('jür mül', 'Jürgen', 'Müller')).toBe(true);
    expect(finds('jür meier', 'Jürgen', 'Müller')).toBe(false);
    expect(finds('ller', 'Müller')).toBe(false);
  });

  it('splits e-mail addresses into words', () => {
    expect(finds('carla@exa', 'carla@example.org')).toBe(true);
    expect(finds('example', 'carla@example.org')).toBe(true);
  });
});
