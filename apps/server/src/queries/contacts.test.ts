import { CONTACT_SORTS, contactQuerySchema, foldSearchText, type ContactRow, type ContactSort } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactAddresses, contactProperties, contacts, institutions } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { loadContactListPage } from './contacts.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

/**
 * The contact list answered by the database: what the list in memory answered, row for row. The
 * contact database has no visibility rule of its own: the routes' permission (contact.read) is the
 * whole policy, which routes/contacts.test.ts checks.
 */
describe('the contact list in the database', () => {
  let database: TestDatabase;
  let KIT: string;
  let TUM: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    [KIT, TUM] = (
      await db
        .insert(institutions)
        .values([
          { abbreviation: 'KIT', name: 'Karlsruher Institut für Technologie', domain: 'kit.example' },
          { abbreviation: 'TUM', name: 'Technische Universität München', domain: 'tum.example' },
        ])
        .returning({ id: institutions.id })
    ).map((row) => row.id) as [string, string];
    const inserted = await db
      .insert(contacts)
      .values([
        { firstname: 'Jürgen', lastname: 'Müller', email: 'jm@example.org', institutionId: KIT, updatedAt: at(3) },
        { firstname: 'Anna', lastname: 'Mueller', email: '', institutionId: TUM, updatedAt: at(5) },
        { firstname: 'Käthe', lastname: 'Groß', email: 'kg@example.org', institutionId: KIT, updatedAt: at(1) },
        {
          firstname: 'Paul',
          lastname: 'Schäfer',
          email: 'P.Schaefer@example.org',
          otherInstitution: 'Partnerlabor Kiel',
          notes: 'Sitzt im Beirat',
          updatedAt: at(2),
        },
        // The same name, the same change, no e-mail and no institution: only the id orders the two.
        { firstname: 'Paul', lastname: 'Schäfer', email: '', updatedAt: at(2) },
        {
          firstname: 'Zoë',
          lastname: 'Adler',
          email: 'zoe@example.org',
          otherInstitution: 'aachen lab',
          updatedAt: at(4),
        },
      ])
      .returning({ id: contacts.id });
    const [muller, mueller, gross] = inserted.map((row) => row.id) as [string, string, string];
    await db.insert(contactAddresses).values([
      // The primary address is not the first: the list shows the primary one's city.
      { contactId: muller, position: 0, city: 'Berlin' },
      { contactId: muller, position: 1, city: 'München', isPrimary: true },
      { contactId: gross, position: 0, city: 'Kiel', isPrimary: true },
    ]);
    await db.insert(contactProperties).values([
      { contactId: gross, position: 0, kind: 'platform', value: 'Cloud' },
      { contactId: gross, position: 1, kind: 'cluster', value: 'Nordlicht' },
      { contactId: gross, position: 2, kind: 'cluster', value: 'Südlicht' },
      { contactId: mueller, position: 0, kind: 'role', value: 'Admin' },
    ]);
  });
  afterAll(() => database.drop());

  /** The whole view: one page holds every contact of these tests. */
  const view = async (input: Record<string, string>) =>
    (await loadContactListPage(database.db, contactQuerySchema.parse({ ...input, pageSize: '100' }))).items;
  const page = (input: Record<string, string>) => loadContactListPage(database.db, contactQuerySchema.parse(input));
  const names = (rows: readonly ContactRow[]) => rows.map((row) => `${row.firstname} ${row.lastname}`);

  it('shows each contact with its institution, the primary address’s city and its property kinds by name', async () => {
    const rows = await view({});
    const rowOf = (lastname: string) => rows.find((row) => row.lastname === lastname)!;
    expect(rowOf('Müller')).toEqual({
      id: expect.any(String),
      firstname: 'Jürgen',
      lastname: 'Müller',
      email: 'jm@example.org',
      emailNotPersonal: false,
      institution: { id: KIT, abbreviation: 'KIT', name: 'Karlsruher Institut für Technologie' },
      otherInstitution: '',
      city: 'München',
      propertyKinds: [],
      updatedAt: at(3).toISOString(),
    });
    expect(rowOf('Groß')).toMatchObject({ city: 'Kiel', propertyKinds: ['cluster', 'platform'] });
    expect(rowOf('Mueller')).toMatchObject({ city: '', propertyKinds: ['role'], institution: { id: TUM } });
    expect(rowOf('Adler')).toMatchObject({ institution: null, otherInstitution: 'aachen lab' });
  });

  it('finds umlauts by prefix, folded and written out, every word at once, in names, institution, notes and properties', async () => {
    const found = async (q: string) => names(await view({ q }));
    expect(await found('mül')).toEqual(['Jürgen Müller']);
    expect(await found('muller')).toEqual(['Jürgen Müller']);
    expect(await found('mueller')).toEqual(['Anna Mueller', 'Jürgen Müller']);
    expect(await found('MUEL')).toEqual(['Anna Mueller', 'Jürgen Müller']);
    expect(await found('jür mül')).toEqual(['Jürgen Müller']);
    expect(await found('gross')).toEqual(['Käthe Groß']);
    expect(await found('nord')).toEqual(['Käthe Groß']);
    expect(await found('karlsr')).toEqual(['Käthe Groß', 'Jürgen Müller']);
    expect(await found('tum')).toEqual(['Anna Mueller']);
    expect(await found('partnerl beir')).toEqual(['Paul Schäfer']);
    expect(await found('p.schaefer@example')).toEqual(['Paul Schäfer']);
    expect(await found('zzz')).toEqual([]);
    // Nothing searchable typed is no search.
    expect(await found(' - ')).toHaveLength(6);
  });

  it('filters by institution and by property kind, with the search and with each other', async () => {
    expect(names(await view({ institution: KIT }))).toEqual(['Käthe Groß', 'Jürgen Müller']);
    expect(names(await view({ institution: '00000000-0000-4000-8000-000000000000' }))).toEqual([]);
    expect(names(await view({ propertyKind: 'cluster' }))).toEqual(['Käthe Groß']);
    expect(names(await view({ propertyKind: 'role' }))).toEqual(['Anna Mueller']);
    expect(names(await view({ propertyKind: 'workingGroup' }))).toEqual([]);
    expect(names(await view({ q: 'mü', institution: KIT }))).toEqual(['Jürgen Müller']);
    expect(names(await view({ institution: KIT, propertyKind: 'platform' }))).toEqual(['Käthe Groß']);
    expect(names(await view({ institution: TUM, propertyKind: 'platform' }))).toEqual([]);
  });

  /** Each sort's value as the list in memory compared it; empty values last in either direction, then the id. */
  const keyOf: Record<ContactSort, (row: ContactRow) => string> = {
    lastname: (row) => `${foldSearchText(row.lastname)}\u0000${foldSearchText(row.firstname)}`,
    firstname: (row) => `${foldSearchText(row.firstname)}\u0000${foldSearchText(row.lastname)}`,
    email: (row) => row.email.toLowerCase(),
    institution: (row) => foldSearchText(row.institution?.abbreviation ?? row.otherInstitution),
    updatedAt: (row) => row.updatedAt,
  };
  const sortedAsTheListDid = (rows: readonly ContactRow[], sort: ContactSort, order: 'asc' | 'desc') =>
    [...rows].sort((a, b) => {
      const [x, y] = [keyOf[sort](a), keyOf[sort](b)];
      if ((x === '') !== (y === '')) return x === '' ? 1 : -1;
      if (x !== y) return (x < y ? -1 : 1) * (order === 'asc' ? 1 : -1);
      return a.id < b.id ? -1 : 1;
    });

  it('sorts by each column either way, empty values last, ties by id', async () => {
    const all = await view({});
    // A search sorts what it found rather than walk the order's index (contactViewOrder): the same order.
    for (const q of ['', 'e'])
      for (const sort of CONTACT_SORTS)
        for (const order of ['asc', 'desc'] as const) {
          const expected = sortedAsTheListDid(q ? await view({ q }) : all, sort, order);
          expect(expected.length).toBeGreaterThan(2);
          expect(
            (await view({ q, sort, order })).map((row) => row.id),
            `${q} ${sort} ${order}`,
          ).toEqual(expected.map((row) => row.id));
        }
    const byId = (rows: readonly ContactRow[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    const idsOf = (rows: readonly ContactRow[]) => rows.map((row) => row.id);
    const [paul1, paul2] = byId(all.filter((row) => row.lastname === 'Schäfer'));
    const withoutEmail = byId(all.filter((row) => row.email === ''));
    const emailDesc = await view({ sort: 'email', order: 'desc' });
    expect(names(emailDesc.slice(0, 4))).toEqual(['Zoë Adler', 'Paul Schäfer', 'Käthe Groß', 'Jürgen Müller']);
    expect(idsOf(emailDesc.slice(4))).toEqual(idsOf(withoutEmail));
    const institutionAsc = await view({ sort: 'institution', order: 'asc' });
    expect(names(institutionAsc)).toEqual([
      'Zoë Adler',
      ...names(byId(all.filter((row) => row.institution?.id === KIT))),
      'Paul Schäfer',
      'Anna Mueller',
      'Paul Schäfer',
    ]);
    expect(institutionAsc[5]!.otherInstitution).toBe('');
    // The two alike go by id in either direction.
    for (const order of ['asc', 'desc'])
      expect(
        (await view({ sort: 'lastname', order })).filter((row) => row.lastname === 'Schäfer').map((row) => row.id),
      ).toEqual([paul1!.id, paul2!.id]);
  });

  it('pages the view without overlap or gap, each page with the total of the view', async () => {
    for (const asked of [{}, { q: 'mu' }, { institution: KIT }, { propertyKind: 'cluster' }] as Record<
      string,
      string
    >[])
      for (const sort of CONTACT_SORTS)
        for (const order of ['asc', 'desc']) {
          const whole = await view({ ...asked, sort, order });
          const paged: ContactRow[] = [];
          for (let number = 1; number <= 4; number += 1) {
            const got = await page({ ...asked, sort, order, page: String(number), pageSize: '2' });
            expect(got.total).toBe(whole.length);
            paged.push(...got.items);
          }
          expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
        }
    expect(await page({ q: 'zzz' })).toEqual({ items: [], total: 0, totalExact: true });
  });
});

describe('a search that matches thousands of contacts', () => {
  let database: TestDatabase;
  const MATCHES = 5_200;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(contacts).values(
      Array.from({ length: MATCHES }, (_, index) => ({
        firstname: `Person${index}`,
        lastname: 'Vielfach',
        email: `p${index}@vielfach.example`,
      })),
    );
    await database.db
      .insert(contacts)
      .values({ firstname: 'Other', lastname: 'Einzeln', email: 'o@elsewhere.example' });
  });
  afterAll(() => database.drop());

  const page = (page: number, pageSize: number) =>
    loadContactListPage(database.db, contactQuerySchema.parse({ q: 'vielfach', page, pageSize }));

  it('counts 5,000 past the page’s start and says the total is more than that', async () => {
    expect(await page(1, 50).then(({ total, totalExact }) => ({ total, totalExact }))).toEqual({
      total: 5_000,
      totalExact: false,
    });
    expect(await page(2, 50).then(({ total, totalExact }) => ({ total, totalExact }))).toEqual({
      total: 5_050,
      totalExact: false,
    });
  });

  it('counts every match once the page is near enough, and every match can be paged to', async () => {
    const near = await page(5, 100);
    expect({ total: near.total, totalExact: near.totalExact }).toEqual({ total: MATCHES, totalExact: true });
    const last = await page(MATCHES / 50, 50);
    expect(last.items).toHaveLength(50);
    expect(last.totalExact).toBe(true);
  });

  it('counts a list without a search exactly', async () => {
    const all = await loadContactListPage(database.db, contactQuerySchema.parse({ page: 1, pageSize: 50 }));
    expect({ total: all.total, totalExact: all.totalExact }).toEqual({ total: MATCHES + 1, totalExact: true });
  });
});
