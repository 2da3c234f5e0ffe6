/**
 * The words of a search as a full-text prefix query for the 'simple' configuration: every word
 * must match the beginning of a word ("stor obj" → "stor:* & obj:*"). Hyphenated words stay whole,
 * as the parser keeps them ("SVC-0004" finds SVC-00042), and a bare number also matches the
 * number part of a service ID, which the parser reads as "-00042". Only letters, digits and inner
 * hyphens pass, so nothing typed can break to_tsquery's syntax. Null when no word remains.
 */
export const prefixTsQuery = (q: string): string | null => {
  const words = q.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((word) => (/^\p{N}+$/u.test(word) ? `(${word}:* | -${word}:*)` : `${word}:*`)).join(' & ');
};
