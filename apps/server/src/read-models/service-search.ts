// Words are runs of letters and digits, with inner hyphens kept: "SVC-00042", "e-infrastructure".
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** More words than anyone types; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 16;

const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * The words a service is found by: every word of its texts, lower-cased, and the parts of
 * hyphenated words, so "svc-0004", "svc", "00042" and "e-inf" all find what they begin.
 */
export const searchTokens = (texts: readonly string[]): string[] => {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      tokens.add(word);
      if (word.includes('-')) for (const part of word.split('-')) tokens.add(part);
    }
  }
  return [...tokens];
};

/**
 * The words of a search, lower-cased: every one must begin a word of the service. Anything that
 * is not a letter, digit or inner hyphen only separates words, so no input is special.
 */
export const searchWords = (q: string): string[] => [...new Set(wordsOf(q))].slice(0, MAX_WORDS);

const lowerBound = (keys: readonly string[], word: string): number => {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Which documents have, for every search word, a token that begins with it: the tokens sorted,
 * each with the documents that hold it, so a word is a binary search and a walk over the tokens
 * it begins, never a scan of every document.
 */
export class PrefixIndex {
  private readonly keys: string[];
  private readonly postings: Int32Array[];

  /** `documents[i]` are the tokens of document i. */
  constructor(private readonly documents: readonly (readonly string[])[]) {
    const byToken = new Map<string, number[]>();
    documents.forEach((tokens, doc) => {
      for (const token of tokens) {
        const list = byToken.get(token);
        if (list) list.push(doc);
        else byToken.set(token, [doc]);
      }
    });
    this.keys = [...byToken.keys()].sort();
    this.postings = this.keys.map((key) => Int32Array.from(byToken.get(key)!));
  }

  /**
   * Which documents hold every word (at least one word). A caller that walks the documents in
   * some order can walk only the few found instead, and one that counts them needs no walk.
   */
  match(words: readonly string[], { few = 0 }: { few?: number } = {}): Matches {
    const counts = new Uint8Array(this.documents.length);
    const last = words.length - 1;
    let total = 0;
    let docs: number[] | null = [];
    words.forEach((word, i) => {
      for (let k = lowerBound(this.keys, word); k < this.keys.length && this.keys[k]!.startsWith(word); k += 1) {
        for (const doc of this.postings[k]!) {
          if (counts[doc] !== i) continue;
          counts[doc] = i + 1;
          if (i !== last) continue;
          total += 1;
          if (docs && docs.push(doc) > few) docs = null;
        }
      }
    });
    return { counts, total, docs };
  }
}

export interface Matches {
  /**
   * Per document, how many of the words it matched in a row: it holds all of them when the count
   * equals the number of words (at most 16, see searchWords).
   */
  counts: Uint8Array;
  /** How many documents hold every word. */
  total: number;
  /** Those documents, in no order, when they are at most `few` (else null). */
  docs: number[] | null;
}
