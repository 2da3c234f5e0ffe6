import {
  CONTACT_PROPERTY_KINDS,
  foldSearchText,
  searchDocument,
  searchWords,
  type ContactExportQuery,
  type ContactPropertyKind,
  type ContactQuery,
  type ContactRow,
  type ContactSort,
} from '@nubes/domain';
import type { Db } from '../db/client.js';
import {
  contactVersionsIn,
  loadContactListSource,
  lookAtContacts,
  type ContactListSource,
} from '../queries/contacts.js';
import { sharedShape } from '../presenters/once-per-row.js';
import { firstNotBefore } from './binary-search.js';
import { CarriedOver, type EntriesChange } from './carried-over.js';
import { mergedOrder, replacedInOrder } from './merged-order.js';
import { createRowsCache, type RowsCache } from './rows-cache.js';
import { PrefixIndex, searchIndexAfter } from './service-search.js';

/** A contact as the list answers it, with what search, filters and sort compare. */
export interface ContactListEntry {
  row: ContactRow;
  /** The contact's version: another instance's change is read by it (rows-cache.ts). */
  version: number;
  /** Folded words of names, e-mail, institution, notes and properties (domain contacts/search.ts). */
  search: string;
  institutionId: string | null;
  /** The property kinds the contact has, one bit each in the order of CONTACT_PROPERTY_KINDS. */
  propertyKinds: number;
  sortKeys: Record<Exclude<ContactSort, 'updatedAt'>, string> & { updatedAt: number };
}

/** The contact list's rows; changed() after a contact or an institution changed. */
export type ContactList = RowsCache<ContactListEntry>;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The entries' own order (the default view's), which needs no sort. */
const byLastname = (a: ContactListEntry, b: ContactListEntry) =>
  compareText(a.sortKeys.lastname, b.sortKeys.lastname) || compareText(a.row.id, b.row.id);

/** An institution as every contact of it shows it: one object per institution, not per contact. */
interface InstitutionShown {
  ref: NonNullable<ContactRow['institution']>;
  /** Its abbreviation folded, the contacts' sort key by institution. */
  sortKey: string;
}

/**
 * Builds the entries, by lastname (the default order), so the default view needs no sort. What
 * many contacts share (an institution, a set of property kinds) is one object for all of them:
 * fewer objects held means less for the garbage collector to mark at each full collection, which
 * set the p99 of a search after a change at 50,000 contacts (bench/README.md).
 */
export const buildContactEntries = ({ rows, cities, properties }: ContactListSource): ContactListEntry[] => {
  const cityOf = new Map(cities.map((address) => [address.contactId, address.city]));
  const propertiesOf = new Map<string, { kind: ContactPropertyKind; value: string }[]>();
  for (const property of properties) {
    const list = propertiesOf.get(property.contactId) ?? [];
    list.push(property);
    propertiesOf.set(property.contactId, list);
  }
  const institutions = new Map<string, InstitutionShown>();
  const institutionOf = (contact: ContactListSource['rows'][number]): InstitutionShown | null => {
    if (!contact.institutionId || contact.institutionAbbreviation === null || contact.institutionName === null)
      return null;
    let shown = institutions.get(contact.institutionId);
    if (!shown) {
      shown = {
        ref: {
          id: contact.institutionId,
          abbreviation: contact.institutionAbbreviation,
          name: contact.institutionName,
        },
        sortKey: foldSearchText(contact.institutionAbbreviation),
      };
      institutions.set(contact.institutionId, shown);
    }
    return shown;
  };
  const entries = rows.map((contact): ContactListEntry => {
    const own = propertiesOf.get(contact.id) ?? [];
    let kinds = 0;
    for (const property of own) kinds |= kindBit(property.kind);
    const institution = institutionOf(contact);
    return {
      // The answer's row itself, never changed: a change brings a new entry.
      row: sharedShape({
        id: contact.id,
        firstname: contact.firstname,
        lastname: contact.lastname,
        email: contact.email,
        emailNotPersonal: contact.emailNotPersonal,
        institution: institution?.ref ?? null,
        otherInstitution: contact.otherInstitution,
        city: cityOf.get(contact.id) ?? '',
        propertyKinds: kindsShown(kinds),
        updatedAt: contact.updatedAt.toISOString(),
      }),
      version: contact.version,
      search: searchDocument([
        contact.firstname,
        contact.lastname,
        contact.email,
        institution?.ref.abbreviation ?? '',
        institution?.ref.name ?? '',
        contact.otherInstitution,
        contact.notes,
        ...own.map((property) => property.value),
      ]),
      institutionId: institution?.ref.id ?? contact.institutionId,
      propertyKinds: kinds,
      sortKeys: {
        lastname: `${foldSearchText(contact.lastname)}\u0000${foldSearchText(contact.firstname)}`,
        firstname: `${foldSearchText(contact.firstname)}\u0000${foldSearchText(contact.lastname)}`,
        email: contact.email.toLowerCase(),
        institution: institution?.sortKey ?? foldSearchText(contact.otherInstitution),
        updatedAt: contact.updatedAt.getTime(),
      },
    };
  });
  return entries.sort(byLastname);
};

const kindBit = (kind: ContactPropertyKind) => 1 << CONTACT_PROPERTY_KINDS.indexOf(kind);

/** The kinds of a set of bits as the list shows them (sorted by name), one array per set of bits. */
const kindsShownByBits = new Map<number, readonly ContactPropertyKind[]>();
const kindsShown = (bits: number): ContactPropertyKind[] => {
  let shown = kindsShownByBits.get(bits);
  if (!shown) {
    shown = Object.freeze(CONTACT_PROPERTY_KINDS.filter((kind) => (bits & kindBit(kind)) !== 0).sort());
    kindsShownByBits.set(bits, shown);
  }
  return shown as ContactPropertyKind[];
};

export interface ContactListOptions {
  db: Db;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The contacts in memory, like the portfolio lists (ADR 0010): read whole at the start, and a
 * changed contact alone after its change, so search, filters, sort and paging run without a query
 * on the embedded database's one thread (docs/adr/0034-contacts.md).
 */
export const createContactList = ({ db, ...options }: ContactListOptions): ContactList =>
  createRowsCache({
    ...options,
    load: async () => buildContactEntries(await loadContactListSource(db)),
    some: {
      load: async (ids) => buildContactEntries(await loadContactListSource(db, ids)),
      merge: mergeContactEntries,
      idOf: (entry) => entry.row.id,
      others: {
        look: (held) => lookAtContacts(db, held),
        versionsIn: (buckets) => contactVersionsIn(db, buckets),
        versionOf: (entry) => entry.version,
      },
    },
  });

/** The positions in the entries sorted, and each position's rank in that order. */
interface ContactOrder {
  positions: Int32Array;
  rank: Int32Array;
}

interface ContactIndex {
  /** Per sort and order, built at the first query that asks; after a change, when next asked for. */
  orders: Map<string, CarriedOver<ContactOrder, ContactListEntry>>;
  /** The entries' search words; built at the first search, carried over as the orders are. */
  search: CarriedOver<PrefixIndex, ContactListEntry> | null;
  /**
   * What the filters read, as typed arrays by position: a query walks the entries in sort order,
   * which is all over memory, while these stay in the CPU's cache (as the portfolio list does).
   */
  institution: Int32Array;
  institutionNumbers: Map<string, number>;
  /** One bit per property kind, in the order of CONTACT_PROPERTY_KINDS. */
  propertyKinds: Uint8Array;
}

/** One index per read of the rows: a new read is a new array, so a change never meets an old index. */
const indexes = new WeakMap<readonly ContactListEntry[], ContactIndex>();

/** Puts an entry's institution and property kinds into the index's filter arrays at its position. */
const fillFilters = (index: ContactIndex, entry: ContactListEntry, position: number) => {
  let number = -1;
  if (entry.institutionId) {
    number = index.institutionNumbers.get(entry.institutionId) ?? index.institutionNumbers.size;
    index.institutionNumbers.set(entry.institutionId, number);
  }
  index.institution[position] = number;
  index.propertyKinds[position] = entry.propertyKinds;
};

/** The filters' arrays of the entries, without orders or search yet. */
const freshIndex = (entries: readonly ContactListEntry[]): ContactIndex => {
  const index: ContactIndex = {
    orders: new Map(),
    search: null,
    institution: new Int32Array(entries.length),
    institutionNumbers: new Map(),
    propertyKinds: new Uint8Array(entries.length),
  };
  for (let position = 0; position < entries.length; position += 1) fillFilters(index, entries[position]!, position);
  return index;
};

const indexOf = (entries: readonly ContactListEntry[]): ContactIndex => {
  let index = indexes.get(entries);
  if (!index) {
    index = freshIndex(entries);
    indexes.set(entries, index);
  }
  return index;
};

/** Empty values last in either direction, then by id, so pages are stable. */
const compareContacts = (sort: ContactSort, order: ContactQuery['order']) => {
  const direction = order === 'asc' ? 1 : -1;
  return (a: ContactListEntry, b: ContactListEntry): number => {
    const x = a.sortKeys[sort];
    const y = b.sortKeys[sort];
    if (x === '' && y !== '') return 1;
    if (y === '' && x !== '') return -1;
    if (x < y) return -direction;
    if (x > y) return direction;
    return compareText(a.row.id, b.row.id);
  };
};

const rankOf = (positions: Int32Array) => {
  const rank = new Int32Array(positions.length);
  positions.forEach((position, i) => (rank[position] = i));
  return rank;
};

const ordered = (
  entries: readonly ContactListEntry[],
  index: ContactIndex,
  sort: ContactSort,
  order: ContactQuery['order'],
) => {
  const key = `${sort}:${order}`;
  let sorted = index.orders.get(key);
  if (!sorted) {
    const compare = compareContacts(sort, order);
    const positions = Int32Array.from(entries.keys()).sort((i, j) => compare(entries[i]!, entries[j]!));
    sorted = CarriedOver.of({ positions, rank: rankOf(positions) }, entries, orderAfter(compare));
    index.orders.set(key, sorted);
  }
  return sorted.get();
};

/** An order after a change, from the order before it: the changed contacts put where they now sort. */
const orderAfter =
  (compare: (a: ContactListEntry, b: ContactListEntry) => number) =>
  (
    before: ContactOrder,
    change: EntriesChange,
    previous: readonly ContactListEntry[],
    entries: readonly ContactListEntry[],
  ): ContactOrder => {
    if ('changed' in change) {
      const { positions, rank } = replacedInOrder(before.positions, entries, compare, change.changed, before.rank);
      return { positions, rank: rank! };
    }
    const positions = mergedOrder(previous, entries, compare, before.positions, change.moved, change.fresh);
    return { positions, rank: rankOf(positions) };
  };

/** What the contacts' index works out at the first query that needs it: an order, or the search index. */
export type ContactListPart = { sort: ContactSort; order: ContactQuery['order'] } | 'search';

/**
 * Does now what the first query of an order or of the search would do (at 50,000 contacts about
 * 130 ms an order and 150 ms the search index), so that the first person to ask after a start
 * does not wait for it.
 */
export const prepareContactIndex = (entries: readonly ContactListEntry[], part: ContactListPart): void => {
  const index = indexOf(entries);
  if (part === 'search') searchOf(entries, index);
  else ordered(entries, index, part.sort, part.order);
};

const searchOf = (entries: readonly ContactListEntry[], index: ContactIndex): PrefixIndex => {
  index.search ??= CarriedOver.of(PrefixIndex.of(entries.map(tokensOf)), entries, searchIndexAfter(tokensOf));
  return index.search.get();
};

/** The index's orders and search index for the entries after a change, each worked out when asked. */
const carryOver = (from: ContactIndex, to: ContactIndex, change: EntriesChange, next: readonly ContactListEntry[]) => {
  for (const [key, order] of from.orders) to.orders.set(key, order.after(change, next));
  to.search = from.search?.after(change, next) ?? null;
};

/** The words the search finds a contact by. */
const tokensOf = (entry: ContactListEntry) => entry.search.split(' ').filter(Boolean);

/** What an index of the entries before a change says of the entries after it (mergeContactEntries). */
const carriedIndex = (
  index: ContactIndex,
  next: readonly ContactListEntry[],
  moved: Int32Array,
  fresh: readonly number[],
): ContactIndex => {
  const carried: ContactIndex = {
    orders: new Map(),
    search: null,
    institution: new Int32Array(next.length),
    institutionNumbers: new Map(index.institutionNumbers),
    propertyKinds: new Uint8Array(next.length),
  };
  for (let old = 0; old < moved.length; old += 1) {
    const position = moved[old]!;
    if (position < 0) continue;
    carried.institution[position] = index.institution[old]!;
    carried.propertyKinds[position] = index.propertyKinds[old]!;
  }
  for (const position of fresh) fillFilters(carried, next[position]!, position);
  carryOver(index, carried, { moved, fresh }, next);
  return carried;
};

/**
 * What an index of the entries before a change says of the entries after it, when the changed
 * contacts kept their positions (`changed`): the filters, orders and search index copied with
 * those places written anew, instead of every position mapped as carriedIndex does.
 */
const replacedIndex = (
  index: ContactIndex,
  next: readonly ContactListEntry[],
  changed: readonly number[],
): ContactIndex => {
  const replaced: ContactIndex = {
    orders: new Map(),
    search: null,
    institution: index.institution.slice(),
    institutionNumbers: new Map(index.institutionNumbers),
    propertyKinds: index.propertyKinds.slice(),
  };
  for (const position of changed) fillFilters(replaced, next[position]!, position);
  carryOver(index, replaced, { changed }, next);
  return replaced;
};

/**
 * The entries with `fresh` in the places of their old versions, when each one still sorts there
 * (an edit that leaves the name as it was, the usual one); null otherwise. A fresh entry's old
 * version is where a binary search puts it or just before; the order then holds when each
 * replaced one sorts between its neighbours.
 */
const replacedInPlace = (
  entries: readonly ContactListEntry[],
  fresh: readonly ContactListEntry[],
): { next: ContactListEntry[]; changed: number[] } | null => {
  const next = entries.slice();
  const changed: number[] = [];
  for (const entry of fresh) {
    const lo = firstNotBefore(entries.length, (i) => byLastname(entries[i]!, entry) < 0);
    const position = entries[lo]?.row.id === entry.row.id ? lo : entries[lo - 1]?.row.id === entry.row.id ? lo - 1 : -1;
    if (position < 0 || changed.includes(position)) return null;
    changed.push(position);
    next[position] = entry;
  }
  const sorted = changed.every(
    (position) =>
      (position === 0 || byLastname(next[position - 1]!, next[position]!) < 0) &&
      (position === next.length - 1 || byLastname(next[position]!, next[position + 1]!) < 0),
  );
  return sorted ? { next, changed } : null;
};

/**
 * The entries after some contacts were read anew: `fresh` in place of their old versions (or new),
 * the `gone` ids left out, in the order of buildContactEntries. What the old entries' index had
 * worked out carries over (its orders merged, its search index laid out again), so the first
 * request after a change does not sort and index tens of thousands of contacts again.
 */
export const mergeContactEntries = (
  entries: readonly ContactListEntry[],
  fresh: readonly ContactListEntry[],
  gone: ReadonlySet<string>,
): ContactListEntry[] => {
  const inPlace = gone.size === 0 ? replacedInPlace(entries, fresh) : null;
  if (inPlace) {
    const index = indexes.get(entries);
    if (index) indexes.set(inPlace.next, replacedIndex(index, inPlace.next, inPlace.changed));
    return inPlace.next;
  }
  const added = [...fresh].sort(byLastname);
  // Where each one goes among the old entries, which are sorted the same way.
  const placeOf = added.map((entry) => firstNotBefore(entries.length, (i) => byLastname(entries[i]!, entry) < 0));
  const next: ContactListEntry[] = [];
  /** Each kept entry's new position by its old one; -1 for one left out or read anew. */
  const moved = new Int32Array(entries.length).fill(-1);
  const freshPositions: number[] = [];
  const leaving = new Set([...fresh.map((entry) => entry.row.id), ...gone]);
  let a = 0;
  for (let old = 0; old <= entries.length; old += 1) {
    while (a < added.length && placeOf[a]! <= old) {
      freshPositions.push(next.length);
      next.push(added[a++]!);
    }
    if (old === entries.length) break;
    const entry = entries[old]!;
    if (leaving.has(entry.row.id)) continue;
    moved[old] = next.length;
    next.push(entry);
  }
  const index = indexes.get(entries);
  if (index) indexes.set(next, carriedIndex(index, next, moved, freshPositions));
  return next;
};

/** More words than anyone types; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 16;

interface View {
  /** Positions in the view's order, a superset of the view's: check each with `accepts`. */
  walk: Int32Array;
  /** Whether the contact at a position is in the view; null: every contact of the walk is. */
  accepts: ((position: number) => boolean) | null;
  /** How many contacts the view holds, when known without a walk. */
  total: number | null;
}

/**
 * A view of the contacts: filtered by institution and property kind, searched (every word begins
 * a word of the contact, umlauts folded), in its order. The orders and the search's prefix index
 * are kept with the rows, so a query over tens of thousands of contacts walks typed arrays
 * instead of sorting or scanning text (the list's bench row holds it).
 */
const viewOf = (
  entries: readonly ContactListEntry[],
  query: Omit<ContactQuery, 'page' | 'pageSize'> | ContactExportQuery,
): View => {
  const index = indexOf(entries);
  const words = query.q ? [...new Set(searchWords(query.q))].slice(0, MAX_WORDS) : [];
  // An institution nobody works at matches nobody (-2 is no position's number).
  const institution = query.institution ? (index.institutionNumbers.get(query.institution) ?? -2) : null;
  const kind = query.propertyKind ? kindBit(query.propertyKind) : 0;
  const { positions, rank } = ordered(entries, index, query.sort, query.order);
  const filtered = institution !== null || kind !== 0;
  const inFilters = (position: number) =>
    (institution === null || index.institution[position] === institution) &&
    (kind === 0 || (index.propertyKinds[position]! & kind) !== 0);
  if (words.length === 0)
    return { walk: positions, accepts: filtered ? inFilters : null, total: filtered ? null : entries.length };
  // A search that finds few (under an eighth): the ranks of what it found, sorted, are its part
  // of the order, so the walk skips the rest of the contacts.
  const { counts, total, docs } = searchOf(entries, index).match(words, { few: Math.ceil(entries.length / 8) - 1 });
  if (docs) {
    const ranks = Int32Array.from(docs, (position) => rank[position]!).sort();
    for (let i = 0; i < ranks.length; i += 1) ranks[i] = positions[ranks[i]!]!;
    return { walk: ranks, accepts: filtered ? inFilters : null, total: filtered ? null : total };
  }
  const wanted = words.length;
  return {
    walk: positions,
    accepts: (position) => counts[position] === wanted && inFilters(position),
    total: filtered ? null : total,
  };
};

/** The contacts of a view, every one (the export). */
export const viewOfContacts = (
  entries: readonly ContactListEntry[],
  query: Omit<ContactQuery, 'page' | 'pageSize'> | ContactExportQuery,
): ContactListEntry[] => {
  const { walk, accepts } = viewOf(entries, query);
  const view: ContactListEntry[] = [];
  for (let i = 0; i < walk.length; i += 1) {
    const position = walk[i]!;
    if (accepts === null || accepts(position)) view.push(entries[position]!);
  }
  return view;
};

/**
 * One page of the view with the count of all that match. A count that the search or the filters
 * do not give at once runs over the positions front to back, and the page walks the order only
 * until it is full: a walk in sort order jumps all over the filters' arrays, and walking all
 * 50,000 contacts that way for a broad search was a third of the list's CPU.
 */
export const pageOfContacts = (entries: readonly ContactListEntry[], query: ContactQuery) => {
  const start = (query.page - 1) * query.pageSize;
  const { walk, accepts, total: known } = viewOf(entries, query);
  const items: ContactRow[] = [];
  if (accepts === null) {
    for (let i = start; i < walk.length && items.length < query.pageSize; i += 1) items.push(entries[walk[i]!]!.row);
    return { items, total: known ?? walk.length };
  }
  let total = known;
  if (total === null) {
    total = 0;
    if (walk.length === entries.length) {
      for (let position = 0; position < entries.length; position += 1) if (accepts(position)) total += 1;
    } else {
      for (let i = 0; i < walk.length; i += 1) if (accepts(walk[i]!)) total += 1;
    }
  }
  let seen = 0;
  for (let i = 0; i < walk.length && items.length < query.pageSize; i += 1) {
    const position = walk[i]!;
    if (!accepts(position)) continue;
    if (seen >= start) items.push(entries[position]!.row);
    seen += 1;
  }
  return { items, total };
};
