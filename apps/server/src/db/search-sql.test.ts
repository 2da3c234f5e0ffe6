import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactProperties, contacts, institutions, keywords, serviceKeywords, services } from './schema.js';
import { contactSearchDocument, searchSql, serviceSearchDocument } from './search-sql.js';
import { openTestDatabase } from '../test/harness.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** The search documents are kept by triggers; these tests write rows as any writer would and search them. */
describe('search in the database', () => {
  let database: TestDatabase;
  let serviceId: string;
  let contactId: string;
  let institutionId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    institutionId = (
      await db
        .insert(institutions)
        .values({ abbreviation: 'KLC', name: 'Küstenlabor Computing', domain: 'kuestenlabor.example' })
        .returning({ id: institutions.id })
    )[0]!.id;
    serviceId = (
      await db
        .insert(services)
        .values({ serviceId: 'SVC-00042', name: 'Object Störage', fields: { shortDescription: 'S3 für alle' } })
        .returning({ id: services.id })
    )[0]!.id;
    contactId = (
      await db
        .insert(contacts)
        .values({ firstname: 'Jürgen', lastname: 'Müller', email: 'j.mueller@hpc-north.example', institutionId })
        .returning({ id: contacts.id })
    )[0]!.id;
  });
  afterAll(() => database.drop());

  it('plans with the portal’s page cost, so a common word is found through the search index', async () => {
    const result = await database.db.execute(sql`show random_page_cost`);
    expect((result as unknown as { rows: { random_page_cost: string }[] }).rows[0]?.random_page_cost).toBe('1.1');
  });

  it("keeps a contact's names folded for its sorts", async () => {
    const [row] = await database.db
      .select({ lastnameSort: contacts.lastnameSort, firstnameSort: contacts.firstnameSort })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    expect(row).toEqual({ lastnameSort: 'muller', firstnameSort: 'jurgen' });
  });

  it('keeps in a service row what the lists read, and its long values out of line', async () => {
    const result = await database.db.execute(sql`
      select c.reloptions, array(select a.attname::text || '=' || a.attstorage::text from pg_attribute a
        where a.attrelid = c.oid and a.attname in ('name', 'short_description', 'search', 'fields') order by 1) as storage
      from pg_class c where c.relname = 'services'`);
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
      reloptions: ['toast_tuple_target=256'],
      storage: ['fields=x', 'name=m', 'search=m', 'short_description=m'],
    });
  });

  const findServices = async (q: string) =>
    (await database.db.select({ id: services.id }).from(services).where(searchSql(serviceSearchDocument, q))).map(
      (row) => row.id,
    );
  const findContacts = async (q: string) =>
    (await database.db.select({ id: contacts.id }).from(contacts).where(searchSql(contactSearchDocument, q))).map(
      (row) => row.id,
    );

  it('finds a word by its beginning, folded either way, every word required', async () => {
    for (const q of ['mül', 'muller', 'mueller', 'MÜLLER', 'jur mul', 'juergen', 'j.mueller', 'hpc-north'])
      expect(await findContacts(q), q).toEqual([contactId]);
    for (const q of ['mülx', 'jürgen schmidt']) expect(await findContacts(q), q).toEqual([]);
    for (const q of ['svc-0004', '00042', 'stor', 'storage', 'object stö', 's3 fur'])
      expect(await findServices(q), q).toEqual([serviceId]);
  });

  it('takes nothing typed as syntax and no search for punctuation alone', async () => {
    expect(searchSql(serviceSearchDocument, ' -!& ')).toBeUndefined();
    expect(searchSql(serviceSearchDocument, undefined)).toBeUndefined();
    for (const q of ["o'bject", 'stor:* | x', '(stor', 'stor\\', '½']) await findServices(q);
    expect(await findServices("'stor")).toEqual([serviceId]);
  });

  it("keeps a service's keywords in its document as they are added and removed", async () => {
    const { db } = database;
    const [keyword] = await db.insert(keywords).values({ name: 'Datenhaltung' }).returning();
    await db.insert(serviceKeywords).values({ serviceId, keywordId: keyword!.id });
    expect(await findServices('datenh')).toEqual([serviceId]);
    await db.update(keywords).set({ name: 'Archiv' }).where(eq(keywords.id, keyword!.id));
    expect(await findServices('datenh')).toEqual([]);
    expect(await findServices('archiv')).toEqual([serviceId]);
    await db.delete(serviceKeywords).where(eq(serviceKeywords.serviceId, serviceId));
    expect(await findServices('archiv')).toEqual([]);
  });

  it("keeps a contact's properties and institution in its document", async () => {
    const { db } = database;
    await db.insert(contactProperties).values({ contactId, position: 0, kind: 'workingGroup', value: 'WG 0199' });
    expect(await findContacts('0199')).toEqual([contactId]);
    await db.update(contactProperties).set({ value: 'WG 0200' }).where(eq(contactProperties.contactId, contactId));
    expect(await findContacts('0199')).toEqual([]);
    expect(await findContacts('0200')).toEqual([contactId]);
    expect(await findContacts('kustenl')).toEqual([contactId]);
    await db.update(institutions).set({ name: 'Coastal Lab' }).where(eq(institutions.id, institutionId));
    expect(await findContacts('kustenl')).toEqual([]);
    expect(await findContacts('coastal')).toEqual([contactId]);
    await db.delete(contactProperties).where(eq(contactProperties.contactId, contactId));
    expect(await findContacts('0200')).toEqual([]);
  });

  it("keeps the kinds of a contact's properties on the contact, each once, for the list's filter", async () => {
    const { db } = database;
    const kinds = async () =>
      (
        (await db.execute(sql`select property_kinds from contacts where id = ${contactId}`)) as unknown as {
          rows: { property_kinds: string[] }[];
        }
      ).rows[0]!.property_kinds;
    expect(await kinds()).toEqual([]);
    await db.insert(contactProperties).values([
      { contactId, position: 0, kind: 'workingGroup', value: 'WG 1' },
      { contactId, position: 1, kind: 'cluster', value: 'Nordlicht' },
      { contactId, position: 2, kind: 'workingGroup', value: 'WG 2' },
    ]);
    expect(await kinds()).toEqual(['cluster', 'workingGroup']);
    await db.update(contactProperties).set({ kind: 'role' }).where(eq(contactProperties.kind, 'cluster'));
    expect(await kinds()).toEqual(['role', 'workingGroup']);
    await db.delete(contactProperties).where(eq(contactProperties.kind, 'workingGroup'));
    expect(await kinds()).toEqual(['role']);
    await db.delete(contactProperties).where(eq(contactProperties.contactId, contactId));
    expect(await kinds()).toEqual([]);
  });

  it('answers a search from the GIN index', async () => {
    const { db } = database;
    await db.execute(sql`set enable_seqscan = off`);
    const plan = await db.execute(
      sql`explain select id from services where ${searchSql(serviceSearchDocument, 'stor')}`,
    );
    await db.execute(sql`reset enable_seqscan`);
    expect(JSON.stringify(plan)).toContain('services_search_idx');
  });
});
