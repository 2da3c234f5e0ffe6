import type {
  ContactExportQuery,
  ContactList,
  ContactPropertyKind,
  ContactQuery,
  ContactRow,
  ContactSort,
} from '@nubes/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { literalLimit } from '../db/literal-limit.js';
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

/** The kinds of a contact's properties, each once, kept on the contact by its search trigger (drizzle/0020). */
const propertyKinds = sql`"contacts"."property_kinds"`;

/**
 * The view's contacts: every searched word begins a word of the contact (its search document,
 * db/search-sql.ts), at the institution asked for, holding a property of the kind asked for. The
 * search and the kind are both columns of contacts_search_idx, so together they are one index scan.
 * `walked`: the search as a test of each contact the order's index passes, which no index answers,
 * so that no plan gathers every match of a broad search through the search index.
 */
const contactViewWhere = (query: ContactViewQuery, walked = false): SQL | undefined => {
  const searched = searchSql(contactSearchDocument, query.q);
  return and(
    searched && walked ? sql`(${searched}) is true` : searched,
    query.institution ? eq(contacts.institutionId, query.institution) : undefined,
    query.propertyKind ? sql`${propertyKinds} && ARRAY[${query.propertyKind}::text]` : undefined,
  );
};

/** A value a sort compares; `first`: ascending whatever the order asked for (empty values last). */
interface SortValue {
  value: SQL;
  first?: true;
}

/**
 * Each sort's values, compared in turn, expression for expression those of the sort indexes
 * (contacts_lastname_sort_idx, …_firstname_…, …_email_sort(_desc)_idx, …_institution_sort(_desc)_idx,
 * …_updated_sort_idx), so the database walks an index for a page instead of sorting every contact.
 * E-mail and institution may be empty: those go last in either direction. The names' keys are
 * stored folded (lastname_sort, firstname_sort); the institution's is `institution_sort`, the
 * abbreviation or else the other institution the contact names, folded, which the search trigger
 * keeps (drizzle/0015).
 */
const SORT_VALUES: Record<ContactSort, SortValue[]> = {
  lastname: [
    { value: sql`${contacts.lastnameSort} COLLATE "C"` },
    { value: sql`${contacts.firstnameSort} COLLATE "C"` },
  ],
  firstname: [
    { value: sql`${contacts.firstnameSort} COLLATE "C"` },
    { value: sql`${contacts.lastnameSort} COLLATE "C"` },
  ],
  email: [{ value: sql`(${contacts.email} = '')`, first: true }, { value: sql`lower(${contacts.email}) COLLATE "C"` }],
  institution: [{ value: sql`(institution_sort = '')`, first: true }, { value: sql`institution_sort COLLATE "C"` }],
  updatedAt: [{ value: sql`${contacts.updatedAt}` }],
};

/**
 * The view's order over `values` (the sort's, or columns holding them): in the direction asked
 * for, empty ones last, then the id ascending in either direction, so pages are stable (a
 * descending page walks the index backwards and orders each run of equal names by id).
 */
const viewOrder = (query: ContactViewQuery, values: SQLWrapper[], id: SQLWrapper): SQL[] => {
  const direction = query.order === 'asc' ? asc : desc;
  return [...values.map((value, i) => (SORT_VALUES[query.sort][i]?.first ? asc : direction)(value)), asc(id)];
};

/** The view's order as the sort indexes hold it. */
const contactViewOrder = (query: ContactViewQuery): SQL[] =>
  viewOrder(
    query,
    SORT_VALUES[query.sort].map(({ value }) => value),
    contacts.id,
  );

/**
 * A row of the list: the contact, its institution, the primary address's city (the command keeps
 * exactly one primary among a contact's addresses, contact_addresses_one_primary at most one) and
 * the kinds of its properties.
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
  propertyKinds: sql<ContactPropertyKind[]>`${propertyKinds}`,
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
 * The ids of a page's contacts: the order's index walked up to the page and no further, reading
 * nothing else of the contacts it passes. Sent only without a search or for a broad one: its plan
 * is the walk whatever the words, so PostgreSQL keeps one (literalLimit).
 */
const contactPageIdsQuery = (db: Db, query: ContactQuery) =>
  db
    .select({ id: contacts.id })
    .from(contacts)
    .where(contactViewWhere(query, true))
    .orderBy(...contactViewOrder(query))
    .limit(literalLimit(query.pageSize))
    .offset((query.page - 1) * query.pageSize);

/**
 * One page of the contact list with its order's index walked (exported so that it can be
 * EXPLAINed): its ids first, then the rows of those alone, so a page far down the list does not
 * read the city and property kinds of every contact before it.
 */
export const contactListPageQuery = (db: Db, query: ContactQuery) =>
  contactRowsQuery(db, query, inArray(contacts.id, contactPageIdsQuery(db, query)));

/** How many contacts the list's view holds: its filters alone, no join, no order. */
export const contactListTotalQuery = (db: Db, query: ContactViewQuery) =>
  db.select({ total: count() }).from(contacts).where(contactViewWhere(query));

/**
 * A search gathers at most this many matches past the page's start, and counts them: "example",
 * in every address, matches 45,000 of 50,000 contacts, and counting them all costs ten times the
 * page. Beyond it the list says "more than" (docs/adr/0073-lists-and-search-in-the-database.md);
 * as one pages on, the count reaches further, so every match can be paged to.
 */
const COUNT_AHEAD = 5_000;

/**
 * One page of a search, read once (exported so that it can be EXPLAINed): at most `limit` + 1
 * matches gathered through the search index with their sort values, counted (`total`, on every
 * row) and sorted, the page's rows joined to the page's 50 alone. Whole when the matches are at
 * most `limit`; beyond, the page walks the sort's index instead (contactListPageQuery), where
 * matches come often (docs/adr/0093-one-read-per-contact-search.md).
 */
export const contactSearchPageQuery = (db: Db, query: ContactQuery, limit: number) => {
  const sortValues = SORT_VALUES[query.sort];
  const names = sortValues.map((_, i) => `v${i}`);
  const valuesOf = (alias: string) => names.map((name) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`);
  const matches = db
    .select({
      id: contacts.id,
      ...Object.fromEntries(names.map((name, i) => [name, sql`${sortValues[i]!.value}`.as(name)])),
    })
    .from(contacts)
    .where(contactViewWhere(query))
    .limit(limit + 1)
    .as('matches');
  const page = db
    .select({
      id: matches.id,
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      ...Object.fromEntries(valuesOf('matches').map((value, i) => [names[i], value.as(names[i]!)])),
    })
    .from(matches)
    .orderBy(...viewOrder(query, valuesOf('matches'), matches.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  return db
    .select({ ...contactRowColumns, total: page.total })
    .from(page)
    .innerJoin(contacts, eq(contacts.id, page.id))
    .leftJoin(institutions, eq(institutions.id, contacts.institutionId))
    .leftJoin(contactAddresses, and(eq(contactAddresses.contactId, contacts.id), sql`${contactAddresses.isPrimary}`))
    .orderBy(...viewOrder(query, valuesOf('page'), page.id));
};

/** A search's total up to `limit`, and whether it is every match. */
const searchTotal = async (db: Db, query: ContactQuery, limit: number) => {
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

type PlanNode = { 'Plan Rows': number; Plans?: PlanNode[] };

/** The words of a search that each search something, as the search splits them. */
const searchedWords = (q: string | undefined): string[] =>
  (q ?? '').split(/\s+/).filter((word) => searchSql(contactSearchDocument, word) !== undefined);

/**
 * How many contacts PostgreSQL's planner expects the view to hold, from the search document's
 * statistics: EXPLAIN plans and reads no row. The planner takes the words of a search as
 * independent and multiplies their shares, but words typed together mostly belong together (a
 * person and the institution they work at: all 6,563 contacts matching "speich" also match "ag",
 * estimated 1,610): several words are expected to match as many as the rarest of them alone, each
 * word's view planned as a branch of one EXPLAIN
 * (docs/adr/0136-list-tails.md).
 */
const estimatedMatches = async (db: Db, query: ContactQuery): Promise<number> => {
  const words = searchedWords(query.q);
  const views = (words.length > 1 ? words : [query.q]).map(
    (q) => sql`select 1 from ${contacts} where ${contactViewWhere({ ...query, q })}`,
  );
  const result = await db.execute(sql`explain (format json) ${sql.join(views, sql` union all `)}`);
  const [row] = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
  const plan = row?.['QUERY PLAN']?.[0]?.Plan;
  if (!plan) return 0;
  return views.length > 1
    ? Math.min(...(plan.Plans ?? [plan]).map((branch) => branch['Plan Rows']))
    : plan['Plan Rows'];
};

/**
 * A search the planner expects to match more than it would count: the page walks the sort's index,
 * where matches come often, and the total is the planner's estimate, said as one ("about"). Its
 * exact count would read thousands of rows, or gather them through the search index only to be
 * thrown away (docs/adr/0131-package-and-contact-list-statements.md). A page with fewer rows than
 * its size is the last: the total is then exact.
 */
const loadBroadSearchPage = async (db: Db, query: ContactQuery, estimate: number) => {
  const items = (await contactListPageQuery(db, query)).map(toContactRow);
  const before = (query.page - 1) * query.pageSize;
  if (items.length === 0) return undefined;
  if (items.length < query.pageSize) return { items, total: before + items.length, totalExact: true };
  return {
    items,
    total: Math.max(Math.round(estimate), before + items.length + 1),
    totalExact: false,
    totalEstimated: true,
  };
};

/** A search's page and how many contacts match, counted up to COUNT_AHEAD past the page's start. */
const loadSearchPage = async (db: Db, query: ContactQuery) => {
  const limit = (query.page - 1) * query.pageSize + COUNT_AHEAD;
  const estimate = await estimatedMatches(db, query);
  const broad = estimate > limit ? await loadBroadSearchPage(db, query, estimate) : undefined;
  if (broad) return broad;
  const records = await contactSearchPageQuery(db, query, limit);
  const total = records[0]?.total;
  // No row: no match at all, or a page past the last, whose total is counted on its own.
  if (total === undefined)
    return { items: [], ...(query.page === 1 ? { total: 0, totalExact: true } : await searchTotal(db, query, limit)) };
  if (total <= limit) return { items: records.map(toContactRow), total, totalExact: true };
  return { items: (await contactListPageQuery(db, query)).map(toContactRow), total: limit, totalExact: false };
};

/** A page of the contact list and how many contacts its view holds (a search's: up to COUNT_AHEAD past the page). */
export const loadContactListPage = async (
  db: Db,
  query: ContactQuery,
): Promise<Omit<ContactList, 'page' | 'pageSize'>> => {
  if (searchSql(contactSearchDocument, query.q) !== undefined) return loadSearchPage(db, query);
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
