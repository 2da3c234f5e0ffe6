import {
  foldSearchText,
  matchesSearch,
  searchDocument,
  searchWords,
  type ContactExportQuery,
  type ContactPropertyKind,
  type ContactQuery,
  type ContactRow,
  type ContactSort,
} from '@nubes/domain';
import type { Db } from '../db/client.js';
import { contactListFingerprint, loadContactListSource, type ContactListSource } from '../queries/contacts.js';
import { createRowsCache, type RowsCache } from './rows-cache.js';

/** A contact as the list answers it, with what search, filters and sort compare. */
export interface ContactListEntry {
  row: ContactRow;
  /** Folded words of names, e-mail, institution, notes and properties (domain contacts/search.ts). */
  search: string;
  institutionId: string | null;
  propertyKinds: ReadonlySet<ContactPropertyKind>;
  sortKeys: Record<Exclude<ContactSort, 'updatedAt'>, string> & { updatedAt: number };
}

/** The contact list's rows; changed() after a contact or an institution changed. */
export type ContactList = RowsCache<ContactListEntry>;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Builds the entries, by lastname (the default order), so the default view needs no sort. */
export const buildContactEntries = ({ rows, cities, properties }: ContactListSource): ContactListEntry[] => {
  const cityOf = new Map(cities.map((address) => [address.contactId, address.city]));
  const propertiesOf = new Map<string, { kind: ContactPropertyKind; value: string }[]>();
  for (const property of properties) {
    const list = propertiesOf.get(property.contactId) ?? [];
    list.push(property);
    propertiesOf.set(property.contactId, list);
  }
  const entries = rows.map((contact): ContactListEntry => {
    const own = propertiesOf.get(contact.id) ?? [];
    const kinds = new Set(own.map((property) => property.kind));
    const institution =
      contact.institutionId && contact.institutionAbbreviation !== null && contact.institutionName !== null
        ? { id: contact.institutionId, abbreviation: contact.institutionAbbreviation, name: contact.institutionName }
        : null;
    return {
      row: {
        id: contact.id,
        firstname: contact.firstname,
        lastname: contact.lastname,
        email: contact.email,
        emailNotPersonal: contact.emailNotPersonal,
        institution,
        otherInstitution: contact.otherInstitution,
        city: cityOf.get(contact.id) ?? '',
        propertyKinds: [...kinds].sort(),
        updatedAt: contact.updatedAt.toISOString(),
      },
      search: searchDocument([
        contact.firstname,
        contact.lastname,
        contact.email,
        institution?.abbreviation ?? '',
        institution?.name ?? '',
        contact.otherInstitution,
        contact.notes,
        ...own.map((property) => property.value),
      ]),
      institutionId: contact.institutionId,
      propertyKinds: kinds,
      sortKeys: {
        lastname: `${foldSearchText(contact.lastname)}\u0000${foldSearchText(contact.firstname)}`,
        firstname: `${foldSearchText(contact.firstname)}\u0000${foldSearchText(contact.lastname)}`,
        email: contact.email.toLowerCase(),
        institution: foldSearchText(institution?.abbreviation ?? contact.otherInstitution),
        updatedAt: contact.updatedAt.getTime(),
      },
    };
  });
  return entries.sort(
    (a, b) => compareText(a.sortKeys.lastname, b.sortKeys.lastname) || compareText(a.row.id, b.row.id),
  );
};

export interface ContactListOptions {
  db: Db;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The contacts in memory, like the portfolio lists (ADR 0010): read whole after a change, so
 * search, filters, sort and paging run without a query on the embedded database's one thread
 * (docs/adr/0034-contacts.md).
 */
export const createContactList = ({ db, ...options }: ContactListOptions): ContactList =>
  createRowsCache({
    ...options,
    load: async () => buildContactEntries(await loadContactListSource(db)),
    fingerprint: () => contactListFingerprint(db),
  });

/**
 * The contacts of a view: filtered by institution and property kind, searched (every word begins
 * a word of the contact, umlauts folded), sorted; empty values last, then by id, so pages are stable.
 */
export const viewOfContacts = (
  entries: readonly ContactListEntry[],
  query: Omit<ContactQuery, 'page' | 'pageSize'> | ContactExportQuery,
): ContactListEntry[] => {
  const words = query.q ? searchWords(query.q) : [];
  const matches = entries.filter(
    (entry) =>
      (!query.institution || entry.institutionId === query.institution) &&
      (!query.propertyKind || entry.propertyKinds.has(query.propertyKind)) &&
      (words.length === 0 || matchesSearch(entry.search, words)),
  );
  if (query.sort === 'lastname' && query.order === 'asc') return matches;
  const direction = query.order === 'asc' ? 1 : -1;
  const key = query.sort;
  return matches.sort((a, b) => {
    const x = a.sortKeys[key];
    const y = b.sortKeys[key];
    if (x === '' && y !== '') return 1;
    if (y === '' && x !== '') return -1;
    if (x < y) return -direction;
    if (x > y) return direction;
    return compareText(a.row.id, b.row.id);
  });
};

/** One page of the view with the count of all that match. */
export const pageOfContacts = (entries: readonly ContactListEntry[], query: ContactQuery) => {
  const view = viewOfContacts(entries, query);
  const start = (query.page - 1) * query.pageSize;
  return { items: view.slice(start, start + query.pageSize).map((entry) => entry.row), total: view.length };
};
