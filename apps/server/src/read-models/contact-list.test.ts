import { contactQuerySchema } from '@nubes/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSharedShape } from '../presenters/once-per-row.js';
import { MAX_WAITING_CHANGES } from './carried-over.js';
import { buildContactEntries, mergeContactEntries, pageOfContacts, viewOfContacts } from './contact-list.js';

const contact = (
  id: string,
  firstname: string,
  lastname: string,
  more: { email?: string; institution?: string } = {},
) => ({
  id,
  firstname,
  lastname,
  email: more.email ?? '',
  emailNotPersonal: false,
  otherInstitution: '',
  notes: '',
  updatedAt: new Date(Date.UTC(2026, 0, Number(id.slice(-1)) || 1)),
  version: 1,
  institutionId: more.institution ?? null,
  institutionAbbreviation: more.institution ? more.institution.slice(0, 3) : null,
  institutionName: more.institution ? `Institut ${more.institution}` : null,
});

const KIT = '11111111-1111-4111-8111-111111111111';
const TUM = '22222222-2222-4222-8222-222222222222';

const entries = buildContactEntries({
  rows: [
    contact('c1', 'Jürgen', 'Müller', { email: 'jm@example.org', institution: KIT }),
    contact('c2', 'Anna', 'Mueller', { institution: TUM }),
    contact('c3', 'Käthe', 'Groß', { email: 'kg@example.org', institution: KIT }),
    contact('c4', 'Paul', 'Schäfer'),
  ],
  cities: [{ contactId: 'c1', city: 'München' }],
  properties: [{ contactId: 'c3', kind: 'cluster' as const, value: 'Nordlicht' }],
});

const query = (input: Record<string, string>) => contactQuerySchema.parse(input);
const names = (rows: readonly { row: { lastname: string } }[] | readonly { lastname: string }[]) =>
  rows.map((row) => ('row' in row ? row.row.lastname : row.lastname));

describe('the contact list', () => {
  it('finds umlauts by prefix, folded and written out, every word at once', () => {
    expect(names(viewOfContacts(entries, query({ q: 'mül' })))).toEqual(['Müller']);
    expect(names(viewOfContacts(entries, query({ q: 'muel' })))).toEqual(['Mueller', 'Müller']);
    expect(names(viewOfContacts(entries, query({ q: 'gross' })))).toEqual(['Groß']);
    expect(names(viewOfContacts(entries, query({ q: 'jür mül' })))).toEqual(['Müller']);
    expect(names(viewOfContacts(entries, query({ q: 'nord' })))).toEqual(['Groß']);
    expect(names(viewOfContacts(entries, query({ q: 'zzz' })))).toEqual([]);
  });

  it('shows each contact with its institution and property kinds (sorted by name), whoever shares them', () => {
    const built = buildContactEntries({
      rows: [
        contact('c1', 'Jürgen', 'Müller', { institution: KIT }),
        contact('c2', 'Anna', 'Mueller', { institution: KIT }),
        contact('c3', 'Käthe', 'Groß'),
      ],
      cities: [],
      properties: [
        { contactId: 'c1', kind: 'platform' as const, value: 'Cloud' },
        { contactId: 'c1', kind: 'cluster' as const, value: 'Nordlicht' },
        { contactId: 'c1', kind: 'cluster' as const, value: 'Südlicht' },
        { contactId: 'c2', kind: 'role' as const, value: 'Admin' },
      ],
    });
    const rowOf = (id: string) => built.find((entry) => entry.row.id === id)!.row;
    expect(rowOf('c1')).toMatchObject({
      institution: { id: KIT, abbreviation: '111', name: `Institut ${KIT}` },
      propertyKinds: ['cluster', 'platform'],
    });
    expect(rowOf('c2')).toMatchObject({ institution: { id: KIT }, propertyKinds: ['role'] });
    expect(rowOf('c3')).toMatchObject({ institution: null, propertyKinds: [] });
    // Each row is the answer's row itself, shared by every answer, so its JSON is written once (ADR 0069).
    expect(built.every((entry) => isSharedShape(entry.row))).toBe(true);
    expect(names(viewOfContacts(built, query({ propertyKind: 'cluster' })))).toEqual(['Müller']);
    expect(names(viewOfContacts(built, query({ institution: KIT })))).toEqual(['Mueller', 'Müller']);
  });

  it('filters by institution and property kind', () => {
    expect(names(viewOfContacts(entries, query({ institution: KIT })))).toEqual(['Groß', 'Müller']);
    expect(names(viewOfContacts(entries, query({ propertyKind: 'cluster' })))).toEqual(['Groß']);
  });

  it('sorts with empty values last in either direction, and pages with the total', () => {
    expect(names(viewOfContacts(entries, query({ sort: 'email', order: 'asc' })))).toEqual([
      'Müller',
      'Groß',
      'Mueller',
      'Schäfer',
    ]);
    expect(names(viewOfContacts(entries, query({ sort: 'email', order: 'desc' })))).toEqual([
      'Groß',
      'Müller',
      'Mueller',
      'Schäfer',
    ]);
    const page = pageOfContacts(entries, query({ page: '2', pageSize: '3' }));
    expect(page.total).toBe(4);
    expect(names(page.items)).toEqual(['Schäfer']);
  });

  it('pages through every view as the whole view sliced, for broad and narrow searches and every filter', () => {
    const lastnames = ['Müller', 'Mueller', 'Groß', 'Schäfer', 'Köhler', 'Weiß', 'Becker', 'Hoffmann'];
    const many = buildContactEntries({
      rows: Array.from({ length: 80 }, (_, i) =>
        contact(`c${String(i).padStart(2, '0')}`, i % 3 ? 'Anna' : 'Jürgen', lastnames[i % lastnames.length]!, {
          email: i % 4 ? `p${i}@example.org` : '',
          institution: i % 5 === 0 ? undefined : i % 2 ? KIT : TUM,
        }),
      ),
      cities: [],
      properties: Array.from({ length: 20 }, (_, i) => ({
        contactId: `c${String(i * 4).padStart(2, '0')}`,
        kind: 'cluster' as const,
        value: 'Nordlicht',
      })),
    });
    // 'a' finds nearly all (the whole order is walked), 'köh' a tenth, 'weiß anna' fewer.
    for (const q of [undefined, 'a', 'köh', 'weiß anna', 'zzz'])
      for (const filter of [
        {} as Record<string, string>,
        { institution: KIT },
        { propertyKind: 'cluster' },
        { institution: TUM, propertyKind: 'cluster' },
      ])
        for (const sort of ['lastname', 'email', 'updatedAt'])
          for (const order of ['asc', 'desc']) {
            const asked: Record<string, string> = { ...(q ? { q } : {}), ...filter, sort, order };
            const view = viewOfContacts(many, query(asked));
            for (const page of [1, 2, 4]) {
              const got = pageOfContacts(many, query({ ...asked, page: String(page), pageSize: '7' }));
              const label = JSON.stringify({ ...asked, page });
              expect(got.total, label).toBe(view.length);
              expect(
                got.items.map((row) => row.id),
                label,
              ).toEqual(view.slice((page - 1) * 7, page * 7).map((entry) => entry.row.id));
            }
          }
  });

  it('keeps the order when two neighbours are renamed past each other in one change', () => {
    const source = (names: [string, string][]) => ({
      rows: names.map(([id, lastname]) => contact(id, 'A', lastname)),
      cities: [],
      properties: [],
    });
    const before = buildContactEntries(
      source([
        ['c1', 'Bauer'],
        ['c2', 'Becker'],
        ['c3', 'Müller'],
      ]),
    );
    // Each new name alone would sort in its contact's old place; together they swap.
    const fresh = buildContactEntries(
      source([
        ['c1', 'Bb'],
        ['c2', 'Bav'],
      ]),
    );
    const merged = mergeContactEntries(before, fresh, new Set());
    expect(names(merged)).toEqual(['Bav', 'Bb', 'Müller']);
  });

  it('after contacts changed, were added or removed, answers every view as the contacts read whole would, change after change, also after many changes nobody asked between', () => {
    const LASTNAMES = ['Müller', 'Mueller', 'Groß', 'Schäfer', 'Köhler', '', 'Becker'];
    const fieldsArbitrary = fc.record({
      firstname: fc.constantFrom('Anna', 'Jürgen', 'Käthe', ''),
      lastname: fc.constantFrom(...LASTNAMES),
      email: fc.constantFrom('', 'a@example.org', 'z@example.org'),
      institution: fc.constantFrom(undefined, KIT, TUM),
      cluster: fc.boolean(),
    });
    type Fields = typeof fieldsArbitrary extends fc.Arbitrary<infer T> ? T : never;
    const sourceOf = (people: [string, Fields][]) => ({
      rows: people.map(([id, f]) =>
        contact(id, f.firstname, f.lastname, { email: f.email, institution: f.institution }),
      ),
      cities: [],
      properties: people.flatMap(([id, f]) =>
        f.cluster ? [{ contactId: id, kind: 'cluster' as const, value: `Nordlicht ${f.firstname}` }] : [],
      ),
    });
    const QUERIES = [
      {},
      { q: 'mü' },
      { q: 'anna' },
      { q: 'nordlicht' },
      { institution: KIT },
      { propertyKind: 'cluster' },
      { sort: 'email', order: 'desc' },
      { sort: 'firstname' },
      { q: 'a', sort: 'institution', order: 'desc' },
    ] as Record<string, string>[];
    // A step changes some contacts (by index; half of the changes keep the name, which leaves the
    // contact in its place), removes some and adds some; half of the steps remove and add none.
    const stepArbitrary = fc.record({
      changes: fc.array(fc.tuple(fc.nat(), fieldsArbitrary, fc.boolean()), { maxLength: 4 }),
      removals: fc.oneof(fc.constant<number[]>([]), fc.array(fc.nat(), { maxLength: 3 })),
      additions: fc.oneof(fc.constant<Fields[]>([]), fc.array(fieldsArbitrary, { maxLength: 3 })),
    });
    fc.assert(
      fc.property(
        fc.array(fieldsArbitrary, { minLength: 1, maxLength: 20 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        // Checked after every step, or after the first and the last only: the orders and the search
        // index then wait behind the changes between (more than MAX_WAITING_CHANGES).
        fc.boolean(),
        (initial, someSteps, askedBefore, every) => {
          let people: [string, Fields][] = initial.map((f, i) => [`c${i}`, f]);
          let entries = buildContactEntries(sourceOf(people));
          let nextId = 0;
          const steps = every
            ? someSteps
            : Array.from({ length: MAX_WAITING_CHANGES + 4 }, (_, i) => someSteps[i % someSteps.length]!);
          for (const [stepIndex, { changes, removals, additions }] of steps.entries()) {
            const checked = every || stepIndex === 0 || stepIndex === steps.length - 1;
            // Views asked before the change leave orders and the search index to carry over.
            if (askedBefore && checked) for (const asked of QUERIES) viewOfContacts(entries, query(asked));
            const byId = new Map(people);
            const changed = people.length
              ? changes.map(([n, f, keepName]): [string, Fields] => {
                  const [id, old] = people[n % people.length]!;
                  return [id, keepName ? { ...f, firstname: old.firstname, lastname: old.lastname } : f];
                })
              : [];
            const added = additions.map((f): [string, Fields] => [`n${nextId++}`, f]);
            for (const [id, f] of [...changed, ...added]) byId.set(id, f);
            const gone = new Set(
              people.length
                ? removals.map((n) => people[n % people.length]![0]).filter((id) => !changed.some(([c]) => c === id))
                : [],
            );
            for (const id of gone) byId.delete(id);
            people = [...byId.entries()];
            const fresh = buildContactEntries(sourceOf([...new Map([...changed, ...added]).entries()]));
            entries = mergeContactEntries(entries, fresh, gone);
            if (!checked) continue;
            const whole = buildContactEntries(sourceOf(people));
            expect(entries.map((entry) => entry.row.id)).toEqual(whole.map((entry) => entry.row.id));
            for (const asked of QUERIES)
              expect(
                viewOfContacts(entries, query(asked)).map((entry) => entry.row.id),
                JSON.stringify(asked),
              ).toEqual(viewOfContacts(whole, query(asked)).map((entry) => entry.row.id));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
