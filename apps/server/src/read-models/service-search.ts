import { firstNotBefore } from './binary-search.js';

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

const EMPTY = new Int32Array(0);

const lowerBound = (keys: readonly string[], word: string): number =>
  firstNotBefore(keys.length, (k) => keys[k]! < word);

/**
 * Which documents have, for every search word, a token that begins with it: the tokens sorted,
 * each with the documents that hold it, so a word is a binary search and a walk over the tokens
 * it begins, never a scan of every document. The documents of all tokens lie in one array (token
 * k's from `starts[k]` to `starts[k + 1]`), so a change lays them out again in one pass instead of
 * building the index anew.
 */
export class PrefixIndex {
  private constructor(
    /** How many documents there are. */
    private readonly size: number,
    private readonly keys: readonly string[],
    private readonly starts: Int32Array,
    private readonly docs: Int32Array,
  ) {}

  /** `documents[i]` are the tokens of document i. */
  static of(documents: readonly (readonly string[])[]): PrefixIndex {
    const byToken = tokensToDocuments(documents.keys(), (doc) => documents[doc]!);
    const keys = [...byToken.keys()].sort();
    const starts = new Int32Array(keys.length + 1);
    const docs = new Int32Array(documents.reduce((sum, tokens) => sum + tokens.length, 0));
    let out = 0;
    keys.forEach((key, k) => {
      for (const doc of byToken.get(key)!) docs[out++] = doc;
      starts[k + 1] = out;
    });
    return new PrefixIndex(documents.length, keys, starts, docs.subarray(0, out));
  }

  /**
   * The index after a change of its documents, without building it anew (which took a search
   * right after any change of 10,000 services about 50 ms, bench/README.md): `moved[old]` is the
   * new position of each document kept as it was, -1 for one removed or read anew; `fresh` are
   * the new positions of the documents read anew or added, and `tokensOf` their tokens.
   */
  with(
    size: number,
    moved: Int32Array,
    fresh: readonly number[],
    tokensOf: (position: number) => readonly string[],
  ): PrefixIndex {
    const { keys: oldKeys, starts: oldStarts, docs: oldDocs } = this;
    const added = tokensToDocuments(fresh, tokensOf);
    // The few tokens of the documents read anew: the old keys they add to (by index, sorted),
    // and the keys that are new.
    const extraAt: [number, number[]][] = [];
    const newKeys: string[] = [];
    let addedCount = 0;
    for (const [key, list] of added) {
      addedCount += list.length;
      const k = lowerBound(oldKeys, key);
      if (k < oldKeys.length && oldKeys[k] === key) extraAt.push([k, list]);
      else newKeys.push(key);
    }
    extraAt.sort((a, b) => a[0] - b[0]);
    newKeys.sort();
    const keys = new Array<string>(oldKeys.length + newKeys.length);
    const starts = new Int32Array(keys.length + 1);
    const docs = new Int32Array(oldDocs.length + addedCount);
    let count = 0;
    let out = 0;
    let n = 0;
    let e = 0;
    // One pass over the old keys in order, the new ones merged in where they sort (they share no
    // key with the old ones); one loop without calls, as it visits every document of every key.
    for (let k = 0; k <= oldKeys.length; k += 1) {
      while (n < newKeys.length && (k === oldKeys.length || newKeys[n]! < oldKeys[k]!)) {
        for (const position of added.get(newKeys[n]!)!) docs[out++] = position;
        keys[count++] = newKeys[n++]!;
        starts[count] = out;
      }
      if (k === oldKeys.length) break;
      const begin = out;
      for (let j = oldStarts[k]!, end = oldStarts[k + 1]!; j < end; j += 1) {
        const position = moved[oldDocs[j]!]!;
        if (position >= 0) docs[out++] = position;
      }
      if (e < extraAt.length && extraAt[e]![0] === k) for (const position of extraAt[e++]![1]) docs[out++] = position;
      // A token no document holds any more goes.
      if (out > begin) {
        keys[count++] = oldKeys[k]!;
        starts[count] = out;
      }
    }
    keys.length = count;
    return new PrefixIndex(size, keys, starts.subarray(0, count + 1), docs.subarray(0, out));
  }

  /**
   * The index after some documents changed their tokens in place or were added after the others
   * (`before` empty), every other document keeping its position: `size` documents afterwards.
   * Only the keys a change touches are written anew; the postings between them are copied in
   * runs, so a change costs a copy of the arrays instead of a visit of every posting, as `with`
   * makes.
   */
  replaced(size: number, changes: readonly ReplacedDocument[]): PrefixIndex {
    const edits = keyEdits(changes);
    if (edits.size === 0 && size === this.size) return this;
    const { keys: oldKeys, starts: oldStarts, docs: oldDocs } = this;
    // Each edited key's place among the old keys, the indices of its documents that leave (found
    // by native search, not a visit of each: a common word's key holds nearly every document), and
    // how many it holds afterwards; in key order.
    const placed = [...edits]
      .map(([key, { drop, add }]) => {
        const k = lowerBound(oldKeys, key);
        const exists = k < oldKeys.length && oldKeys[k] === key;
        const held = exists ? oldDocs.subarray(oldStarts[k]!, oldStarts[k + 1]!) : EMPTY;
        const cut = [...drop]
          .map((doc) => held.indexOf(doc))
          .filter((at) => at >= 0)
          .sort((a, b) => a - b);
        return { key, k, exists, held, cut, add, count: held.length - cut.length + add.length };
      })
      .filter(({ exists, count }) => exists || count > 0)
      // A new key goes before the old key at its place; new keys at one place in their own order.
      .sort((a, b) => a.k - b.k || Number(a.exists) - Number(b.exists) || (a.key < b.key ? -1 : 1));
    // Keys stay as they are unless one is new or one is left without documents.
    const sameKeys = placed.every(({ exists, count }) => exists && count > 0);
    const keyParts: string[][] = [];
    const starts = new Int32Array(oldKeys.length + placed.length + 1);
    const docs = new Int32Array(oldDocs.length + placed.reduce((sum, { add }) => sum + add.length, 0));
    let count = 0;
    let out = 0;
    /** The old keys before `until` not yet written: copied with their documents in one run. */
    let from = 0;
    const copyUntil = (until: number) => {
      if (until <= from) return;
      docs.set(oldDocs.subarray(oldStarts[from]!, oldStarts[until]!), out);
      const shift = out - oldStarts[from]!;
      for (let k = from; k < until; k += 1) starts[++count] = oldStarts[k + 1]! + shift;
      out += oldStarts[until]! - oldStarts[from]!;
      if (!sameKeys) keyParts.push(oldKeys.slice(from, until) as string[]);
      from = until;
    };
    for (const { key, k, exists, held, cut, add, count: holds } of placed) {
      copyUntil(k);
      if (exists) from = k + 1;
      if (holds === 0) continue;
      let run = 0;
      for (const at of cut) {
        docs.set(held.subarray(run, at), out);
        out += at - run;
        run = at + 1;
      }
      docs.set(held.subarray(run), out);
      out += held.length - run;
      docs.set(add, out);
      out += add.length;
      starts[++count] = out;
      if (!sameKeys) keyParts.push([key]);
    }
    copyUntil(oldKeys.length);
    // concat, not flat: flat took milliseconds for the tens of thousands of keys, concat a tenth of one.
    const keys = sameKeys ? oldKeys : ([] as string[]).concat(...keyParts);
    return new PrefixIndex(size, keys, starts.subarray(0, count + 1), docs.subarray(0, out));
  }

  /**
   * Which documents hold every word (at least one word). A caller that walks the documents in
   * some order can walk only the few found instead, and one that counts them needs no walk.
   */
  match(words: readonly string[], { few = 0 }: { few?: number } = {}): Matches {
    const counts = new Uint8Array(this.size);
    const last = words.length - 1;
    let total = 0;
    let docs: number[] | null = [];
    words.forEach((word, i) => {
      for (let k = lowerBound(this.keys, word); k < this.keys.length && this.keys[k]!.startsWith(word); k += 1) {
        for (let j = this.starts[k]!; j < this.starts[k + 1]!; j += 1) {
          const doc = this.docs[j]!;
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

/** A document whose tokens changed from `before` to `after` at its position (an added one's `before` is empty). */
export interface ReplacedDocument {
  position: number;
  before: readonly string[];
  after: readonly string[];
}

/** Per key, the documents that left it and those that came to it. */
const keyEdits = (changes: readonly ReplacedDocument[]) => {
  const edits = new Map<string, { drop: Set<number>; add: number[] }>();
  const edit = (key: string) => {
    let found = edits.get(key);
    if (!found) edits.set(key, (found = { drop: new Set(), add: [] }));
    return found;
  };
  for (const { position, before, after } of changes) {
    const was = new Set(before);
    const is = new Set(after);
    for (const key of was) if (!is.has(key)) edit(key).drop.add(position);
    for (const key of is) if (!was.has(key)) edit(key).add.push(position);
  }
  return edits;
};

/** Per token, the documents that hold it, in the order given. */
const tokensToDocuments = (
  documents: Iterable<number>,
  tokensOf: (doc: number) => readonly string[],
): Map<string, number[]> => {
  const byToken = new Map<string, number[]>();
  for (const doc of documents)
    for (const token of tokensOf(doc)) {
      const list = byToken.get(token);
      // A token named twice by one document lists it once, as `replaced` expects.
      if (!list) byToken.set(token, [doc]);
      else if (list[list.length - 1] !== doc) list.push(doc);
    }
  return byToken;
};

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
