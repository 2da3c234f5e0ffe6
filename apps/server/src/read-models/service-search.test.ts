import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrefixIndex, searchTokens, searchWords } from './service-search.js';

describe('searchTokens', () => {
  it('lower-cases every word and adds the parts of hyphenated ones, once each', () => {
    expect(searchTokens(['SVC-00042', 'Jupyter Hub – Jupyter for e-Infrastructure', 'Großrechner, GPU/HPC'])).toEqual([
      'svc-00042',
      'svc',
      '00042',
      'jupyter',
      'hub',
      'for',
      'e-infrastructure',
      'e',
      'infrastructure',
      'großrechner',
      'gpu',
      'hpc',
    ]);
    expect(searchTokens(['', '  ', '--'])).toEqual([]);
  });
});

describe('searchWords', () => {
  it('keeps letters, digits and inner hyphens only, each word once, at most 16', () => {
    expect(searchWords('  Stor  ARCH stor ')).toEqual(['stor', 'arch']);
    expect(searchWords('svc-0004')).toEqual(['svc-0004']);
    expect(searchWords(`&|!:*()'"\\ % _`)).toEqual([]);
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});

/** Every search finds in `index` what an index built anew of `documents` finds: counts, total and documents. */
const expectSameMatches = (index: PrefixIndex, documents: readonly (readonly string[])[], queries: string[]) => {
  const anew = PrefixIndex.of(documents);
  for (const q of queries) {
    const words = searchWords(q);
    const a = index.match(words, { few: documents.length });
    const b = anew.match(words, { few: documents.length });
    expect([...a.counts], q).toEqual([...b.counts]);
    expect(a.total, q).toBe(b.total);
    expect([...a.docs!].sort(), q).toEqual([...b.docs!].sort());
  }
};

describe('PrefixIndex', () => {
  const documents = [
    searchTokens(['SVC-00042', 'Storage Archive']),
    searchTokens(['SVC-00043', 'Object storage', 'S3 compatible']),
    searchTokens(['SVC-00100', 'Jupyter', 'notebooks for archives']),
  ];
  const index = PrefixIndex.of(documents);
  const found = (q: string) => {
    const words = searchWords(q);
    const { counts, total, docs } = index.match(words, { few: documents.length });
    const all = documents.flatMap((_, doc) => (counts[doc] === words.length ? [doc] : []));
    // The count and the list of the few found say the same as the counts.
    expect(total).toBe(all.length);
    expect([...docs!].sort()).toEqual(all);
    return all;
  };

  it('finds documents with a word beginning with every search word', () => {
    expect(found('stor')).toEqual([0, 1]);
    expect(found('stor arch')).toEqual([0]);
    expect(found('arch')).toEqual([0, 2]);
    expect(found('ARCHIVE')).toEqual([0, 2]);
    expect(found('s')).toEqual([0, 1, 2]);
    expect(found('svc-0004')).toEqual([0, 1]);
    expect(found('0010')).toEqual([2]);
    expect(found('42')).toEqual([]);
    expect(found('storage jupyter')).toEqual([]);
    expect(found('torage')).toEqual([]);
    expect(found('zzz')).toEqual([]);
  });

  it('counts a document once per word, also when several of its tokens begin with it', () => {
    // "s" begins svc-00043, svc, storage and s3 of document 1.
    const { counts, total } = index.match(['s', 'obj']);
    expect([...counts]).toEqual([1, 2, 1]);
    expect(total).toBe(1);
  });

  it('lists the documents found only while they are few', () => {
    expect(index.match(['s'], { few: 3 }).docs?.sort()).toEqual([0, 1, 2]);
    expect(index.match(['s'], { few: 2 })).toMatchObject({ total: 3, docs: null });
    expect(index.match(['zzz'])).toMatchObject({ total: 0, docs: [] });
  });

  it('after a change finds what an index built anew finds, positions moved, documents dropped and added', () => {
    const WORDS = ['storage', 'store', 'archive', 'arch', 's3', 'svc-1', 'svc-2', 'jupyter', 'note'];
    const documentArbitrary = fc.uniqueArray(fc.constantFrom(...WORDS), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { maxLength: 12 }),
        // Per old document: kept, read anew with other tokens, or removed; then some added.
        fc.array(fc.oneof(fc.constant('kept' as const), fc.constant('removed' as const), documentArbitrary), {
          maxLength: 12,
        }),
        fc.array(documentArbitrary, { maxLength: 3 }),
        (before, fates, added) => {
          const after: (readonly string[])[] = [];
          const moved = new Int32Array(before.length).fill(-1);
          const fresh: number[] = [];
          before.forEach((tokens, old) => {
            const fate = fates[old] ?? 'kept';
            if (fate === 'removed') return;
            if (fate === 'kept') moved[old] = after.length;
            else fresh.push(after.length);
            after.push(fate === 'kept' ? tokens : fate);
          });
          for (const tokens of added) {
            fresh.push(after.length);
            after.push(tokens);
          }
          const changed = PrefixIndex.of(before).with(after.length, moved, fresh, (position) => after[position]!);
          expectSameMatches(changed, after, [...WORDS, 's', 'a', 'svc', 'zz', 'storage arch', 'svc note']);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after documents changed in place, were added or moved finds what an index built anew finds, change after change, its edits laid out or not', () => {
    const WORDS = ['storage', 'store', 'archive', 'arch', 's3', 'svc-1', 'svc-2', 'jupyter', 'note', 'zeta', 'a'];
    const documentArbitrary = fc.uniqueArray(fc.constantFrom(...WORDS), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 12 }),
        // Each step gives some documents (by index) new tokens and adds some; now and then one
        // removes a document, which moves the ones after it (with).
        fc.array(
          fc.record({
            replaced: fc.array(fc.tuple(fc.nat(), documentArbitrary), { maxLength: 4 }),
            added: fc.array(documentArbitrary, { maxLength: 2 }),
            removed: fc.option(fc.nat(), { freq: 4 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (initial, steps) => {
          let documents: (readonly string[])[] = initial;
          let index = PrefixIndex.of(documents);
          for (const step of steps) {
            if (step.removed !== null && documents.length > 1) {
              const gone = step.removed % documents.length;
              const moved = Int32Array.from(documents.keys(), (old) =>
                old < gone ? old : old === gone ? -1 : old - 1,
              );
              documents = documents.filter((_, position) => position !== gone);
              index = index.with(documents.length, moved, [], (position) => documents[position]!);
            }
            const next = [...documents];
            for (const [at, tokens] of step.replaced) next[at % documents.length] = tokens;
            next.push(...step.added);
            const changes = [
              ...new Set(step.replaced.map(([at]) => at % documents.length)),
              ...[...next.keys()].filter((position) => position >= documents.length),
            ].map((position) => ({ position, before: documents[position] ?? [], after: next[position]! }));
            index = index.replaced(next.length, changes);
            documents = next;
            const searches = [...WORDS, 's', 'svc', 'zz', 'storage arch', 'svc note'];
            expectSameMatches(index, documents, searches);
            expectSameMatches(index.laidOut(), documents, searches);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
