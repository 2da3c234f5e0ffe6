import { firstNotBefore } from './binary-search.js';
import type { EntriesChange, Replay } from './carried-over.js';

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
 * Keys whose documents changed since the index's arrays were laid out: base keys by their index
 * in `keys` (sorted), keys the base lacks by name (sorted), each with its documents now.
 */
interface Edits {
  at: Int32Array;
  atDocs: readonly Int32Array[];
  added: readonly string[];
  addedDocs: readonly Int32Array[];
  /** How many documents the edited keys hold. */
  docs: number;
}

const NO_EDITS: Edits = { at: EMPTY, atDocs: [], added: [], addedDocs: [], docs: 0 };

/**
 * Edited keys kept beside the laid-out arrays before they are laid out again: at most this many
 * keys, and documents up to an eighth of the arrays' (with this floor). A change of a few
 * documents then copies a few keys' lists, not every document of every key (two megabytes at
 * 50,000 contacts, bench/README.md).
 */
const MAX_EDITED_KEYS = 256;
const MIN_EDITED_DOCS = 4096;

/**
 * Which documents have, for every search word, a token that begins with it: the tokens sorted,
 * each with the documents that hold it, so a word is a binary search and a walk over the tokens
 * it begins, never a scan of every document. The documents of all tokens lie in one array (token
 * k's from `starts[k]` to `starts[k + 1]`); the keys a change edits are kept beside it (Edits)
 * until they are many, and then all laid out again in one pass.
 */
export class PrefixIndex {
  private constructor(
    /** How many documents there are. */
    private readonly size: number,
    private readonly keys: readonly string[],
    private readonly starts: Int32Array,
    private readonly docs: Int32Array,
    private readonly edits: Edits = NO_EDITS,
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
    const { keys: oldKeys, starts: oldStarts, docs: oldDocs } = this.laidOut();
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
   * Only the keys a change touches get new lists, kept beside the arrays (Edits); once those are
   * many, everything is laid out again, the runs of keys between the edited ones copied whole.
   */
  replaced(size: number, changes: readonly ReplacedDocument[]): PrefixIndex {
    const changedKeys = keyEdits(changes);
    if (changedKeys.size === 0 && size === this.size) return this;
    const at = [...this.edits.at];
    const atDocs = [...this.edits.atDocs];
    const added = [...this.edits.added];
    const addedDocs = [...this.edits.addedDocs];
    let editedDocs = this.edits.docs;
    for (const [key, { drop, add }] of changedKeys) {
      const k = lowerBound(this.keys, key);
      const inKeys = k < this.keys.length && this.keys[k] === key;
      const [list, docs, i] = inKeys
        ? [at, atDocs, firstNotBefore(at.length, (j) => at[j]! < k)]
        : [added, addedDocs, lowerBound(added, key)];
      const edited = i < list.length && list[i] === (inKeys ? k : key);
      const held = edited ? docs[i]! : inKeys ? this.docs.subarray(this.starts[k]!, this.starts[k + 1]!) : EMPTY;
      const now = withoutAndWith(held, drop, add);
      editedDocs += now.length - (edited ? held.length : 0);
      if (edited) docs[i] = now;
      else {
        (list as unknown[]).splice(i, 0, inKeys ? k : key);
        docs.splice(i, 0, now);
      }
    }
    const next = new PrefixIndex(size, this.keys, this.starts, this.docs, {
      at: Int32Array.from(at),
      atDocs,
      added,
      addedDocs,
      docs: editedDocs,
    });
    const many =
      at.length + added.length > MAX_EDITED_KEYS || editedDocs > Math.max(MIN_EDITED_DOCS, this.docs.length >> 3);
    return many ? next.laidOut() : next;
  }

  /**
   * The index with its edited keys laid out in its arrays: the keys between edited ones are
   * copied in runs by native copies, the edited ones written anew, a key left without documents
   * dropped.
   */
  laidOut(): PrefixIndex {
    const { edits } = this;
    if (edits === NO_EDITS) return this;
    const { keys: oldKeys, starts: oldStarts, docs: oldDocs } = this;
    const keyParts: string[][] = [];
    const starts = new Int32Array(oldKeys.length + edits.added.length + 1);
    const docs = new Int32Array(oldDocs.length + edits.docs);
    // Keys stay as they are unless one is added or one is left without documents.
    const sameKeys = edits.added.length === 0 && edits.atDocs.every((list) => list.length > 0);
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
    const write = (key: string, list: Int32Array) => {
      if (list.length === 0) return;
      docs.set(list, out);
      out += list.length;
      starts[++count] = out;
      if (!sameKeys) keyParts.push([key]);
    };
    // Edited base keys and added keys in key order: an added key goes before the base key at its place.
    let a = 0;
    for (let e = 0; e <= edits.at.length; e += 1) {
      const k = e < edits.at.length ? edits.at[e]! : oldKeys.length;
      while (a < edits.added.length && (k === oldKeys.length || edits.added[a]! < oldKeys[k]!)) {
        copyUntil(lowerBound(oldKeys, edits.added[a]!));
        write(edits.added[a]!, edits.addedDocs[a]!);
        a += 1;
      }
      copyUntil(k);
      if (e === edits.at.length) break;
      from = k + 1;
      write(oldKeys[k]!, edits.atDocs[e]!);
    }
    // concat, not flat: flat took milliseconds for the tens of thousands of keys, concat a tenth of one.
    const keys = sameKeys ? oldKeys : ([] as string[]).concat(...keyParts);
    return new PrefixIndex(this.size, keys, starts.subarray(0, count + 1), docs.subarray(0, out));
  }

  /**
   * Which documents hold every word (at least one word). A caller that walks the documents in
   * some order can walk only the few found instead, and one that counts them needs no walk.
   */
  match(words: readonly string[], { few = 0 }: { few?: number } = {}): Matches {
    const counts = new Uint8Array(this.size);
    const last = words.length - 1;
    const { keys, starts, edits } = this;
    let total = 0;
    let docs: number[] | null = [];
    words.forEach((word, i) => {
      // Counts each document of a key once for this word: a document that holds several keys
      // the word begins is counted at the first.
      const visit = (list: Int32Array, begin: number, end: number) => {
        for (let j = begin; j < end; j += 1) {
          const doc = list[j]!;
          if (counts[doc] !== i) continue;
          counts[doc] = i + 1;
          if (i !== last) continue;
          total += 1;
          if (docs && docs.push(doc) > few) docs = null;
        }
      };
      let k = lowerBound(keys, word);
      let e = firstNotBefore(edits.at.length, (j) => edits.at[j]! < k);
      for (; k < keys.length && keys[k]!.startsWith(word); k += 1) {
        if (e < edits.at.length && edits.at[e] === k) {
          const list = edits.atDocs[e++]!;
          visit(list, 0, list.length);
        } else visit(this.docs, starts[k]!, starts[k + 1]!);
      }
      for (let a = lowerBound(edits.added, word); a < edits.added.length && edits.added[a]!.startsWith(word); a += 1) {
        const list = edits.addedDocs[a]!;
        visit(list, 0, list.length);
      }
    });
    return { counts, total, docs };
  }
}

/**
 * A key's documents without `drop` and with `add`: the ones to drop found by native search and
 * the runs between them copied, since a common word's key holds nearly every document (a filter
 * that visited each took tens of milliseconds per change at 50,000 contacts).
 */
const withoutAndWith = (held: Int32Array, drop: ReadonlySet<number>, add: readonly number[]): Int32Array => {
  const cut = [...drop]
    .map((doc) => held.indexOf(doc))
    .filter((at) => at >= 0)
    .sort((a, b) => a - b);
  const now = new Int32Array(held.length - cut.length + add.length);
  let out = 0;
  let run = 0;
  for (const at of cut) {
    now.set(held.subarray(run, at), out);
    out += at - run;
    run = at + 1;
  }
  now.set(held.subarray(run), out);
  now.set(add, out + held.length - run);
  return now;
};

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

/**
 * How a list carries its search index over a change (CarriedOver): the words of the entries a
 * change named indexed anew, `tokensOf` reading an entry's words.
 */
export const searchIndexAfter =
  <Entry>(tokensOf: (entry: Entry) => readonly string[]): Replay<PrefixIndex, Entry> =>
  (before: PrefixIndex, change: EntriesChange, previous: readonly Entry[], entries: readonly Entry[]) =>
    'changed' in change
      ? before.replaced(
          entries.length,
          change.changed.map((position) => ({
            position,
            before: position < previous.length ? tokensOf(previous[position]!) : [],
            after: tokensOf(entries[position]!),
          })),
        )
      : before.with(entries.length, change.moved, change.fresh, (position) => tokensOf(entries[position]!));
