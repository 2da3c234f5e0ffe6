import type { ContactExportQuery, ContactPropertyKind, ContactQuery, ContactRow, ContactSort } from '@nubes/domain';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { contactSearchDocument, searchSql } from '../db/search-sql.js';
import {
  auditEvents,
  contactAddresses,
  contactProperties,
  contactRelations,
  contacts,
  institutions,
  services,
  users,
} from '../db/schema.js';

/** What picks and orders the list's view: the list's query without its paging (the export's). */
export type ContactViewQuery = Omit<ContactQuery, 'page' | 'pageSize'> | ContactExportQuery;

/**
 * The view's contacts: every searched word begins a word of the contact (its search document,
 * db/search-sql.ts), at the institution asked for, holding a property of the kind asked for (an
 * EXISTS over contact_properties, which contact_properties_kind_idx on (kind, contact_id) answers).
 */
const contactViewWhere = (query: ContactViewQuery): SQL | undefined =>
  and(
    searchSql(contactSearchDocument, query.q),
    query.institution ? eq(contacts.institutionId, query.institution) : undefined,
    query.propertyKind
      ? exists(
          sql`(select 1 from ${contactProperties} where ${contactProperties.kind} = ${query.propertyKind} and ${contactProperties.contactId} = ${contacts.id})`,
        )
      : undefined,
  );

/** A sort value as the index holds it, or (sorted) in a form no index has. */
const value = (text: SQLWrapper, sorted: boolean): SQL => (sorted ? sql`(${text} || '')` : sql`${text}`);
const byText = (text: SQLWrapper, sorted: boolean): SQL => sql`${value(text, sorted)} COLLATE "C"`;

/**
 * Each sort's values, compared in turn, expression for expression those of the sort indexes
 * (contacts_lastname_sort_idx, …_firstname_…, …_email_sort(_desc)_idx, …_institution_sort(_desc)_idx,
 * …_updated_sort_idx), so the database walks an index for a page instead of sorting every contact.
 * E-mail and institution may be empty: `empty` puts those last in either direction. The names'
 * keys are stored folded (lastname_sort, firstname_sort); the institution's is `institution_sort`,
 * the abbreviation or else the other institution the contact names, folded, which the search
 * trigger keeps (drizzle/0015).
 *
 * When `sorted`, each value is written in a form no index has: a search with few matches sorts them
 * (a few ms) rather than walk an index that holds them spread over 50,000 contacts, or bunched
 * where the walk expects them spread ("mül" by last name: half the index read for one page).
 */
const SORT_KEYS: Record<ContactSort, (sorted: boolean) => { empty?: SQL; keys: SQL[] }> = {
  lastname: (s) => ({ keys: [byText(contacts.lastnameSort, s), byText(contacts.firstnameSort, s)] }),
  firstname: (s) => ({ keys: [byText(contacts.firstnameSort, s), byText(contacts.lastnameSort, s)] }),
  email: (s) => ({ empty: sql`(${value(contacts.email, s)} = '')`, keys: [byText(sql`lower(${contacts.email})`, s)] }),
  institution: (s) => ({
    empty: sql`(${value(sql`institution_sort`, s)} = '')`,
    keys: [byText(sql`institution_sort`, s)],
  }),
  // The same instant through a function no index holds.
  updatedAt: (s) => ({ keys: [s ? sql`(${contacts.updatedAt} + interval '0 s')` : sql`${contacts.updatedAt}`] }),
};

/**
 * How many matches a search may have for its page to be sorted from them; a search matching more
 * ("example", in every address) walks the sort's index, where matches come often.
 */
const FEW_MATCHES = 5_000;

/**
 * The view's order: the sort's values in the direction asked for, empty ones last, then the id
 * ascending in either direction, so pages are stable (a descending page walks the index backwards
 * and orders each run of equal names by id). `matches`: a search's count, asked first.
 */
const contactViewOrder = (query: ContactViewQuery, matches?: number): SQL[] => {
  const { sort, order } = query;
  const direction = order === 'asc' ? asc : desc;
  const sortMatches = matches !== undefined && matches <= FEW_MATCHES;
  const { empty, keys } = SORT_KEYS[sort](sortMatches);
  return [...(empty ? [asc(empty)] : []), ...keys.map((key) => direction(key)), asc(contacts.id)];
};

/**
 * A row of the list: the contact, its institution, the primary address's city (the command keeps
 * exactly one primary among a contact's addresses, contact_addresses_one_primary at most one) and
 * the kinds of its properties, each once, by name.
 */
const contactRowColumns = {
  id: contacts.id,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  email: contacts.email,
  emailNotPersonal: contacts.emailNotPersonal,
  otherInstitution: contacts.otherInstitution,
  updatedAt: contacts.updatedAt,
  // A left join without a match answers null.
  institution: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
  city: sql<string>`coalesce(${contactAddresses.city}, '')`,
  propertyKinds: sql<
    ContactPropertyKind[]
  >`array(select distinct ${contactProperties.kind} COLLATE "C" from ${contactProperties} where ${contactProperties.contactId} = ${contacts.id} order by 1)`,
};

/** The rows of the contacts `where` picks, in the view's order. */
const contactRowsQuery = (db: Db, query: ContactViewQuery, where: SQL | undefined) =>
  db
    .select(contactRowColumns)
    .from(contacts)
    .leftJoin(institutions, eq(institutions.id, contacts.institutionId))
    .leftJoin(contactAddresses, and(eq(contactAddresses.contactId, contacts.id), sql`${contactAddresses.isPrimary}`))
    .where(where)
    .orderBy(...contactViewOrder(query));

/**
 * The ids of a page's contacts: the order's index walked (or the matches sorted) up to the page
 * and no further, reading nothing else of the contacts it passes.
 */
const contactPageIdsQuery = (db: Db, query: ContactQuery, matches?: number) =>
  db
    .select({ id: contacts.id })
    .from(contacts)
    .where(contactViewWhere(query))
    .orderBy(...contactViewOrder(query, matches))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

/**
 * One page of the contact list, as the database runs it (exported so that it can be EXPLAINed):
 * its ids first, then the rows of those alone, so a page far down the list does not read the city
 * and property kinds of every contact before it.
 */
export const contactListPageQuery = (db: Db, query: ContactQuery, matches?: number) =>
  contactRowsQuery(db, query, inArray(contacts.id, contactPageIdsQuery(db, query, matches)));

/** How many contacts the list's view holds: its filters alone, no join, no order. */
export const contactListTotalQuery = (db: Db, query: ContactViewQuery) =>
  db.select({ total: count() }).from(contacts).where(contactViewWhere(query));

/**
 * A search counts its matches only this far past the page's start: "example", in every address,
 * matches 45,000 of 50,000 contacts, and counting them all costs ten times the page. Beyond it the
 * list says "more than" (docs/adr/0073-lists-and-search-in-the-database.md); as one pages on, the
 * count reaches further, so every match can be paged to. At least FEW_MATCHES, which it decides.
 */
const COUNT_AHEAD = FEW_MATCHES;

/** A search's total up to `limit`, and whether it is every match. */
const searchTotal = async (db: Db, query: ContactQuery): Promise<{ total: number; totalExact: boolean }> => {
  const limit = (query.page - 1) * query.pageSize + COUNT_AHEAD;
  const matches = db
    .select({ one: sql`1` })
    .from(contacts)
    .where(contactViewWhere(query))
    .limit(limit + 1);
  const counted = (await db.select({ total: count() }).from(matches.as('matches')))[0]?.total ?? 0;
  return counted > limit ? { total: limit, totalExact: false } : { total: counted, totalExact: true };
};

type ContactListRecord = Awaited<ReturnType<ReturnType<typeof contactRowsQuery>['execute']>>[number];

/** A row as the list answers it. */
const toContactRow = (record: ContactListRecord): ContactRow => ({
  ...record,
  updatedAt: record.updatedAt.toISOString(),
});

/** A page of the contact list and how many contacts its view holds (a search's: up to COUNT_AHEAD past the page). */
export const loadContactListPage = async (db: Db, query: ContactQuery) => {
  // A search's page is read after its total, which tells how to order the matches (FEW_MATCHES).
  if (searchSql(contactSearchDocument, query.q) !== undefined) {
    const { total, totalExact } = await searchTotal(db, query);
    const records =
      total === 0 ? [] : await contactListPageQuery(db, query, totalExact ? total : Number.POSITIVE_INFINITY);
    return { items: records.map(toContactRow), total, totalExact };
  }
  const [records, [counted]] = await Promise.all([contactListPageQuery(db, query), contactListTotalQuery(db, query)]);
  return { items: records.map(toContactRow), total: counted?.total ?? 0, totalExact: true };
};

/** A contact's relations with what they point at, services first, then by name. */
export const loadContactRelations = (db: Db | Tx, contactId: string) =>
  db
    .select({
      id: contactRelations.id,
      role: contactRelations.role,
      // Exactly one of them is there (contact_relations_one_target); a left join without a match answers null.
      service: { id: services.id, serviceId: services.serviceId, name: services.name },
      institution: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
    })
    .from(contactRelations)
    .leftJoin(services, eq(services.id, contactRelations.serviceId))
    .leftJoin(institutions, eq(institutions.id, contactRelations.institutionId))
    .where(eq(contactRelations.contactId, contactId))
    .orderBy(
      sql`${contactRelations.serviceId} is null`,
      asc(sql`lower(coalesce(${services.name}, ${institutions.abbreviation}))`),
      asc(contactRelations.role),
    );
export type ContactRelationRecord = Awaited<ReturnType<typeof loadContactRelations>>[number];

/** The user account that shares the contact's e-mail address, regardless of case. */
const findUserByEmail = async (db: Db, email: string) => {
  if (!email) return null;
  const [user] = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(asc(users.username))
    .limit(1);
  return user ?? null;
};

/** One contact with everything hanging on it, or undefined. */
export const loadContact = async (db: Db, id: string) => {
  const [row] = await db
    .select({
      contact: contacts,
      institution: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
    })
    .from(contacts)
    .leftJoin(institutions, eq(institutions.id, contacts.institutionId))
    .where(eq(contacts.id, id));
  if (!row) return undefined;
  const [addresses, properties, relations, userAccount] = await Promise.all([
    db.select().from(contactAddresses).where(eq(contactAddresses.contactId, id)).orderBy(contactAddresses.position),
    db.select().from(contactProperties).where(eq(contactProperties.contactId, id)).orderBy(contactProperties.position),
    loadContactRelations(db, id),
    findUserByEmail(db, row.contact.email),
  ]);
  return { ...row, addresses, properties, relations, userAccount };
};
export type ContactDetailRecord = NonNullable<Awaited<ReturnType<typeof loadContact>>>;

/** The contact's audit events, oldest first: its history for the person's copy of their data. */
export const loadContactEvents = (db: Db, id: string) =>
  db
    .select({
      at: auditEvents.at,
      actor: auditEvents.actorName,
      action: auditEvents.action,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, 'contact'), eq(auditEvents.objectId, id)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));

/** The contacts related to a service, by role and name. */
export const loadServiceContacts = (db: Db, serviceId: string) =>
  db
    .select({
      relationId: contactRelations.id,
      role: contactRelations.role,
      id: contacts.id,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      email: contacts.email,
    })
    .from(contactRelations)
    .innerJoin(contacts, eq(contacts.id, contactRelations.contactId))
    .where(eq(contactRelations.serviceId, serviceId))
    .orderBy(asc(contactRelations.role), asc(sql`lower(${contacts.lastname})`), asc(contacts.id));

/** The contact that shares a user's e-mail address (regardless of case), if any: the first by name. */
export const findContactByEmail = async (db: Db, email: string) => {
  if (!email) return null;
  const [contact] = await db
    .select({ id: contacts.id, firstname: contacts.firstname, lastname: contacts.lastname })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = lower(${email})`)
    .orderBy(asc(contacts.lastname), asc(contacts.id))
    .limit(1);
  return contact ?? null;
};

/** Whether a service or an institution with this id exists. */
export const relationTargetExists = async (db: Db | Tx, kind: 'service' | 'institution', id: string) => {
  const table = kind === 'service' ? services : institutions;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
};

/** How many addresses, properties and relations hang on a contact. */
export const countContactParts = async (tx: Tx, contactId: string) => {
  const result = await tx.execute(sql`
    select
      (select count(*) from ${contactAddresses} where contact_id = ${contactId})::int as addresses,
      (select count(*) from ${contactProperties} where contact_id = ${contactId})::int as properties,
      (select count(*) from ${contactRelations} where contact_id = ${contactId})::int as relations`);
  return (result as unknown as { rows: { addresses: number; properties: number; relations: number }[] }).rows[0]!;
};

/** Services by name or service ID, for the relation picker: at most 50, by name. */
export const findServiceTargets = (db: Db, q: string | undefined) => {
  const pattern = `%${escapeLike(q ?? '')}%`;
  return db
    .select({ id: services.id, serviceId: services.serviceId, name: services.name })
    .from(services)
    .where(q ? or(ilike(services.name, pattern), ilike(services.serviceId, pattern)) : undefined)
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
    .limit(50);
};
