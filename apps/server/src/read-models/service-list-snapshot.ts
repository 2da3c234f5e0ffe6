import {
  canSeeService,
  isProviderSide,
  SERVICE_STATES,
  TAB_STATES,
  type PortfolioTab,
  type Principal,
  type ServiceRelation,
  type ServiceSort,
  type ServiceType,
  type ServiceState,
} from '@nubes/domain';
import { RecentlyUsed } from './recently-used.js';
import { CarriedOver, type EntriesChange } from './carried-over.js';
import { mergedOrder, replacedInOrder } from './merged-order.js';
import { PrefixIndex, searchIndexAfter, searchTokens, searchWords } from './service-search.js';
import { HeldBuckets } from './version-diff.js';

/** What a portfolio list shows and filters on, for one service. */
export interface ServiceListRow {
  id: string;
  serviceId: string;
  name: string;
  state: ServiceState;
  providerId: string | null;
  providerAbbreviation: string | null;
  providerName: string | null;
  shortDescription: string;
  serviceType: ServiceType;
  weightedScore: number;
  /** Keyword names, sorted case-insensitively. */
  keywords: string[];
  keywordIds: string[];
  updatedAt: Date;
  /** The row's version: what the field list's presence cache and its clear compare (ADR 30). */
  version: number;
  onlineSince: Date | null;
  objectOwnerId: string | null;
  serviceOwnerId: string | null;
  serviceManagerId: string | null;
  providerManagerId: string | null;
  adminIds: string[];
}

/** Ids as small numbers, the same for every snapshot of one index; -1 stands for none. */
class Interner {
  private readonly numbers = new Map<string, number>();

  of(id: string | null): number {
    if (id === null) return -1;
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = this.numbers.size;
      this.numbers.set(id, n);
    }
    return n;
  }

  /** The number of a known id; -2, which no entry holds, for an unknown one. */
  find(id: string | null): number {
    return id === null ? -1 : (this.numbers.get(id) ?? -2);
  }
}

/**
 * A row with what queries compare held inline as numbers: a list query visits every entry, and
 * comparing ids as strings read through the row cost more than everything else together.
 */
interface Entry {
  row: ServiceListRow;
  nameKey: string;
  providerKey: string | null;
  statePosition: number;
  updatedAt: number;
  /** The words it is found by (searchTokens). */
  tokens: readonly string[];
  provider: number;
  objectOwner: number;
  serviceOwner: number;
  serviceManager: number;
  providerManager: number;
  admins: readonly number[];
  keywords: readonly number[];
}

export interface ServiceListCriteria {
  tab?: PortfolioTab | 'mine' | undefined;
  state?: ServiceState | undefined;
  /** Only services in these states (the integration list's scope), on top of the tab and the state. */
  states?: readonly ServiceState[] | undefined;
  provider?: string | undefined;
  keyword?: string | undefined;
  q?: string | undefined;
}

export interface ServiceListCaller {
  principal: Principal;
  /** users.institution_id of the caller: "my centre". */
  institutionId: string | null;
}

export type ListSort = ServiceSort | 'weighted';
export type SortOrder = 'asc' | 'desc';
/** What a snapshot works out at the first query that needs it: an order, or the search index. */
export type ListPart = { sort: ListSort; order: SortOrder } | 'search';

type Compare = (a: Entry, b: Entry) => number;

// Code-point order of the lower-cased text, as PostgreSQL's C collation sorted these lists before.
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const number = (a: number, b: number) => a - b;
const byNameAsc: Compare = (a, b) => text(a.nameKey, b.nameKey) || text(a.row.id, b.row.id);

/**
 * The order of a list. Every order ends on the id, so pages never overlap or skip a row. State,
 * provider and score break ties by name, always A–Z; services without a provider sort last in
 * both directions. 'weighted' is the integration list: highest score first, then by name (docs/domain.md#service-information).
 */
/** An order after a change, from the order before it: the services read anew put where they now sort. */
const orderAfter =
  (compare: Compare) =>
  (before: Int32Array, change: EntriesChange, previous: readonly Entry[], entries: readonly Entry[]): Int32Array =>
    'changed' in change
      ? replacedInOrder(before, entries, compare, change.changed).positions
      : mergedOrder(previous, entries, compare, before, change.moved, change.fresh);

const comparator = (sort: ListSort, order: SortOrder): Compare => {
  const sign = order === 'asc' ? 1 : -1;
  switch (sort) {
    case 'name':
      return (a, b) => sign * byNameAsc(a, b);
    case 'serviceId':
      return (a, b) => sign * (text(a.row.serviceId, b.row.serviceId) || text(a.row.id, b.row.id));
    case 'state':
      return (a, b) => sign * number(a.statePosition, b.statePosition) || byNameAsc(a, b);
    case 'provider':
      return (a, b) => {
        if (a.providerKey === null || b.providerKey === null)
          return number(a.providerKey === null ? 1 : 0, b.providerKey === null ? 1 : 0) || byNameAsc(a, b);
        return sign * text(a.providerKey, b.providerKey) || byNameAsc(a, b);
      };
    case 'updatedAt':
      return (a, b) => sign * (number(a.updatedAt, b.updatedAt) || text(a.row.id, b.row.id));
    case 'score':
      return (a, b) => sign * number(a.row.weightedScore, b.row.weightedScore) || byNameAsc(a, b);
    case 'weighted':
      return (a, b) => number(b.row.weightedScore, a.row.weightedScore) || byNameAsc(a, b);
  }
};

const entryOf = (row: ServiceListRow, ids: Interner): Entry => ({
  row,
  nameKey: row.name.toLowerCase(),
  providerKey: row.providerAbbreviation?.toLowerCase() ?? null,
  statePosition: SERVICE_STATES.indexOf(row.state),
  updatedAt: row.updatedAt.getTime(),
  tokens: searchTokens([row.serviceId, row.name, row.shortDescription, ...row.keywords]),
  provider: ids.of(row.providerId),
  objectOwner: ids.of(row.objectOwnerId),
  serviceOwner: ids.of(row.serviceOwnerId),
  serviceManager: ids.of(row.serviceManagerId),
  providerManager: ids.of(row.providerManagerId),
  admins: row.adminIds.map((id) => ids.of(id)),
  keywords: row.keywordIds.map((id) => ids.of(id)),
});

const IS_OBJECT_OWNER = 1;
const IS_SERVICE_OWNER = 2;
const IS_ADMIN = 4;
const IS_SERVICE_MANAGER = 8;
const IS_PROVIDER_MANAGER = 16;
const HAS_SERVICE_MANAGER = 32;

/**
 * What every query reads of every entry, as typed arrays by position: a query visits the entries
 * in sort order, which is all over memory, while these few kilobytes stay in the CPU's cache.
 */
interface Columns {
  statePosition: Uint8Array;
  provider: Int32Array;
  objectOwner: Int32Array;
  serviceOwner: Int32Array;
  serviceManager: Int32Array;
  providerManager: Int32Array;
  hasAdmins: Uint8Array;
}

const setColumns = (columns: Columns, position: number, entry: Entry) => {
  columns.statePosition[position] = entry.statePosition;
  columns.provider[position] = entry.provider;
  columns.objectOwner[position] = entry.objectOwner;
  columns.serviceOwner[position] = entry.serviceOwner;
  columns.serviceManager[position] = entry.serviceManager;
  columns.providerManager[position] = entry.providerManager;
  columns.hasAdmins[position] = entry.admins.length > 0 ? 1 : 0;
};

/** Columns of `entries`, copied from `from` (of the entries before, which kept their positions) but at `changed`. */
const columnsOf = (entries: readonly Entry[], from?: { columns: Columns; changed: readonly number[] }): Columns => {
  const size = entries.length;
  const column = <T extends Uint8Array | Int32Array>(make: (n: number) => T, old: T | undefined) => {
    const values = make(size);
    if (old) values.set(old);
    return values;
  };
  const ints = (n: number) => new Int32Array(n);
  const bytes = (n: number) => new Uint8Array(n);
  const old = from?.columns;
  const columns: Columns = {
    statePosition: column(bytes, old?.statePosition),
    provider: column(ints, old?.provider),
    objectOwner: column(ints, old?.objectOwner),
    serviceOwner: column(ints, old?.serviceOwner),
    serviceManager: column(ints, old?.serviceManager),
    providerManager: column(ints, old?.providerManager),
    hasAdmins: column(bytes, old?.hasAdmins),
  };
  if (from) for (const position of from.changed) setColumns(columns, position, entries[position]!);
  else entries.forEach((entry, position) => setColumns(columns, position, entry));
  return columns;
};

/** The caller's relation to the entry at `position`, as flags (the caller is the person numbered `me`). */
const relationFlags = (columns: Columns, entries: readonly Entry[], position: number, me: number): number =>
  (columns.objectOwner[position] === me ? IS_OBJECT_OWNER : 0) |
  (columns.serviceOwner[position] === me ? IS_SERVICE_OWNER : 0) |
  (columns.hasAdmins[position] === 1 && entries[position]!.admins.includes(me) ? IS_ADMIN : 0) |
  (columns.serviceManager[position] === me ? IS_SERVICE_MANAGER : 0) |
  (columns.providerManager[position] === me ? IS_PROVIDER_MANAGER : 0);

const VISIBLE = 1;
const PROVIDER_SIDE = 2;

/**
 * The caller's relation to a service as the domain's rules take it, one object per combination of
 * state and relation flags: rules that read it (the dashboard's next steps) can be memoised by it.
 */
const relations = (principal: Principal) => {
  const memo = new Map<number, ServiceRelation>();
  return (statePosition: number, flags: number): ServiceRelation => {
    const key = statePosition * 64 + flags;
    let relation = memo.get(key);
    if (!relation) {
      relation = {
        roles: principal.roles,
        state: SERVICE_STATES[statePosition]!,
        isObjectOwner: (flags & IS_OBJECT_OWNER) !== 0,
        isServiceOwner: (flags & IS_SERVICE_OWNER) !== 0,
        isAdmin: (flags & IS_ADMIN) !== 0,
        isServiceManager: (flags & IS_SERVICE_MANAGER) !== 0,
        isProviderManager: (flags & IS_PROVIDER_MANAGER) !== 0,
        hasServiceManager: (flags & HAS_SERVICE_MANAGER) !== 0,
      };
      memo.set(key, relation);
    }
    return relation;
  };
};

/**
 * The domain's verdicts for one caller by state and relation flags: VISIBLE when canSeeService,
 * PROVIDER_SIDE when isProviderSide. They depend on nothing else, so each combination a query
 * meets is decided once, by the same rules as the detail view, and looked up for every row.
 */
const verdicts = (principal: Principal) => {
  const memo = new Int8Array(SERVICE_STATES.length * 64).fill(-1);
  const relationAt = relations(principal);
  return (statePosition: number, flags: number): number => {
    const key = statePosition * 64 + flags;
    let verdict = memo[key]!;
    if (verdict < 0) {
      const relation = relationAt(statePosition, flags);
      verdict = (canSeeService(relation) ? VISIBLE : 0) | (isProviderSide(relation) ? PROVIDER_SIDE : 0);
      memo[key] = verdict;
    }
    return verdict;
  };
};

/** What a visitor of the visible services gets per service: its row, the caller's relation and whether they hold a role in it. */
export type VisibleServiceVisitor = (row: ServiceListRow, relation: ServiceRelation, related: boolean) => void;

/** The services one caller's criteria match in one snapshot: a mask by position, and how many. */
interface Match {
  mask: Uint8Array;
  total: number;
}

/** How many callers' views a snapshot keeps matches for (10 KB each at 10,000 services). */
const MATCHES_KEPT = 256;

/**
 * Everything a match depends on besides the snapshot: who asks (their id, roles and centre, which
 * decide what they may see) and the criteria, with the search as its words. A match is only ever
 * reused for the same person with the same roles and centre, so one person's view never answers
 * another's.
 */
const matchKey = (caller: ServiceListCaller, criteria: ServiceListCriteria, words: readonly string[]): string =>
  JSON.stringify([
    caller.principal.id,
    caller.principal.roles,
    caller.institutionId,
    criteria.tab ?? null,
    criteria.state ?? null,
    criteria.states ?? null,
    criteria.provider ?? null,
    criteria.keyword ?? null,
    words,
  ]);

export interface ServiceListPage {
  rows: ServiceListRow[];
  total: number;
}

/**
 * Every service's list columns at one moment, immutable: a change makes a new snapshot, so a query
 * never sees half of one. Orders are sorted once per snapshot, when first asked for.
 */
export class ServiceListSnapshot {
  private readonly entries: readonly Entry[];
  private readonly columns: Columns;
  /** Positions in `entries`, sorted, per sort and order; after a change worked out when asked (CarriedOver). */
  private readonly orders = new Map<string, CarriedOver<Int32Array, Entry>>();
  private search: CarriedOver<PrefixIndex, Entry> | null = null;
  /** Per person number, the services they hold a role in, as a mask (null: none); made at their first query. */
  private readonly byPerson = new RecentlyUsed<number, Uint8Array | null>(MATCHES_KEPT);
  /** Per keyword number, which positions carry it; built at the first keyword filter. */
  private byKeyword: Map<number, Uint8Array> | null = null;
  /** Position by service id; built at the first lookup. */
  private byId: Map<string, number> | null = null;
  /** The services' buckets of ids (version-diff.ts); made at the first look for other instances' changes. */
  private held: HeldBuckets | null = null;
  /** Which positions a caller's criteria match, by matchKey. */
  private readonly matchesByKey = new RecentlyUsed<string, Match>(MATCHES_KEPT);

  private constructor(
    entries: readonly Entry[],
    private readonly ids: Interner,
    /** What the data looked like when it was read (see serviceDataFingerprint); '' when unknown. */
    readonly fingerprint: string,
    columns: Columns = columnsOf(entries),
  ) {
    this.entries = entries;
    this.columns = columns;
  }

  static of(rows: readonly ServiceListRow[], fingerprint = ''): ServiceListSnapshot {
    const ids = new Interner();
    return new ServiceListSnapshot(
      rows.map((row) => entryOf(row, ids)),
      ids,
      fingerprint,
    );
  }

  get size(): number {
    return this.entries.length;
  }

  /** This snapshot with some services read anew: `rows` replace theirs, `removed` ids go. */
  with(
    rows: readonly ServiceListRow[],
    removed: Iterable<string>,
    fingerprint = this.fingerprint,
  ): ServiceListSnapshot {
    const gone = new Set(removed);
    if (gone.size === 0) return this.withInPlace(rows, fingerprint);
    const changed = new Map(rows.map((row) => [row.id, row]));
    const entries: Entry[] = [];
    /** Each kept entry's new position by its old one; -1 for one removed or read anew. */
    const moved = new Int32Array(this.entries.length).fill(-1);
    /** The new positions of the entries read anew. */
    const fresh: number[] = [];
    this.entries.forEach((entry, position) => {
      if (gone.has(entry.row.id)) return;
      const row = changed.get(entry.row.id);
      if (row) {
        changed.delete(entry.row.id);
        fresh.push(entries.length);
        entries.push(entryOf(row, this.ids));
      } else {
        moved[position] = entries.length;
        entries.push(entry);
      }
    });
    for (const row of changed.values()) {
      fresh.push(entries.length);
      entries.push(entryOf(row, this.ids));
    }
    const next = new ServiceListSnapshot(entries, this.ids, fingerprint);
    this.carryOver(next, { moved, fresh });
    next.held = this.heldAfter(rows, gone);
    return next;
  }

  /**
   * `with` when nothing is removed, the usual change (an edit, a new service): every service keeps
   * its position, a changed one is replaced where it is and a new one goes after the others. The
   * columns, orders and search index are then copied with the few changed places written anew,
   * where the general case maps every position (bench/README.md, "a change's cost").
   */
  private withInPlace(rows: readonly ServiceListRow[], fingerprint: string): ServiceListSnapshot {
    const byId = this.positionsById();
    const entries = this.entries.slice();
    const changed: number[] = [];
    let grown: Map<string, number> | null = null;
    for (const row of rows) {
      let position = (grown ?? byId).get(row.id);
      if (position === undefined) {
        grown ??= new Map(byId);
        position = entries.length;
        grown.set(row.id, position);
      }
      // A service named twice in one read: its last row counts, as in the general case.
      if (!changed.includes(position)) changed.push(position);
      entries[position] = entryOf(row, this.ids);
    }
    const next = new ServiceListSnapshot(
      entries,
      this.ids,
      fingerprint,
      columnsOf(entries, { columns: this.columns, changed }),
    );
    next.byId = grown ?? byId;
    this.carryOver(next, { changed });
    next.held = this.heldAfter(rows, []);
    return next;
  }

  /**
   * The orders and the search index asked for so far carry over to the snapshot after a change,
   * each worked out when next asked for: the kept entries stay in their order, and the few read
   * anew are put where they sort. Sorting 10,000 services afresh after every change made the first
   * request of each order after it wait tens of milliseconds (bench/README.md).
   */
  private carryOver(next: ServiceListSnapshot, change: EntriesChange): void {
    for (const [key, order] of this.orders) next.orders.set(key, order.after(change, next.entries));
    next.search = this.search?.after(change, next.entries) ?? null;
  }

  /** The buckets after `rows` were read anew and the `gone` ids left, when this snapshot has them. */
  private heldAfter(rows: readonly ServiceListRow[], gone: Iterable<string>): HeldBuckets | null {
    return (
      this.held?.with(
        rows.map((row) => [row.id, row.version] as const),
        gone,
      ) ?? null
    );
  }

  /**
   * This snapshot under another fingerprint, for a look at the database that found no service
   * changed: the same services and everything worked out for them.
   */
  withFingerprint(fingerprint: string): ServiceListSnapshot {
    const next = new ServiceListSnapshot(this.entries, this.ids, fingerprint, this.columns);
    for (const [key, order] of this.orders) next.orders.set(key, order);
    next.search = this.search;
    next.byId = this.byId;
    next.byKeyword = this.byKeyword;
    next.held = this.held;
    return next;
  }

  /** The services held, per bucket of ids: what another instance's changes are found by (version-diff.ts). */
  heldBuckets(): HeldBuckets {
    this.held ??= HeldBuckets.of((visit) => {
      for (const entry of this.entries) visit(entry.row.id, entry.row.version);
    });
    return this.held;
  }

  /** Position by service id, shared by the snapshots whose services sit where they did. */
  private positionsById(): Map<string, number> {
    this.byId ??= new Map(this.entries.map((entry, position) => [entry.row.id, position]));
    return this.byId;
  }

  /**
   * Does now what the first query of an order or of the search would do (sort every service, index
   * their words), so that the first person to ask after a start does not wait for it.
   */
  prepare(part: ListPart): void {
    if (part === 'search') this.searchIndex();
    else this.ordered(part.sort, part.order);
  }

  private searchIndex(): PrefixIndex {
    this.search ??= CarriedOver.of(
      PrefixIndex.of(this.entries.map((entry) => entry.tokens)),
      this.entries,
      searchIndexAfter((entry: Entry) => entry.tokens),
    );
    return this.search.get();
  }

  private ordered(sort: ListSort, order: SortOrder): Int32Array {
    const key = `${sort}:${order}`;
    let positions = this.orders.get(key);
    if (!positions) {
      const compare = comparator(sort, order);
      const { entries } = this;
      const sorted = Int32Array.from(entries.keys()).sort((a, b) => compare(entries[a]!, entries[b]!));
      positions = CarriedOver.of(sorted, entries, orderAfter(compare));
      this.orders.set(key, positions);
    }
    return positions.get();
  }

  /**
   * The positions of the services the person (their number) holds a role in, as a mask; null for
   * none. One pass over the columns per person and snapshot, so a change makes no index of every
   * person's services anew.
   */
  private relatedTo(person: number): Uint8Array | null {
    if (person < 0) return null;
    return this.byPerson.getOrMake(person, () => {
      const { columns, entries } = this;
      const mask = new Uint8Array(entries.length);
      let any = false;
      for (let position = 0; position < entries.length; position += 1) {
        if (
          columns.objectOwner[position] === person ||
          columns.serviceOwner[position] === person ||
          columns.serviceManager[position] === person ||
          columns.providerManager[position] === person ||
          (columns.hasAdmins[position] === 1 && entries[position]!.admins.includes(person))
        ) {
          mask[position] = 1;
          any = true;
        }
      }
      return any ? mask : null;
    });
  }

  /** Which positions carry the keyword (its number), as a mask. */
  private withKeyword(keyword: number): Uint8Array {
    if (!this.byKeyword) {
      this.byKeyword = new Map();
      this.entries.forEach((entry, position) => {
        for (const k of entry.keywords) {
          let mask = this.byKeyword!.get(k);
          if (!mask) this.byKeyword!.set(k, (mask = new Uint8Array(this.entries.length)));
          mask[position] = 1;
        }
      });
    }
    return this.byKeyword.get(keyword) ?? new Uint8Array(this.entries.length);
  }

  /** Per entry, how many search words it matched (PrefixIndex.match); built at the first search. */
  private matches(words: readonly string[]): Uint8Array {
    return this.searchIndex().match(words).counts;
  }

  /**
   * One page of the services that match and that the caller may see (canSeeService, the same rule
   * as the detail view), with the number of all matches. The search needs every word to begin a
   * word of the service ID, name, short description or keywords.
   */
  query(
    criteria: ServiceListCriteria,
    caller: ServiceListCaller,
    sort: ListSort,
    order: SortOrder,
    page: { limit: number; offset: number },
  ): ServiceListPage {
    const words = criteria.q ? searchWords(criteria.q) : [];
    // A person pages, sorts and comes back to the same view: its matches are kept with the
    // snapshot (which a change replaces), so only the first of those requests visits every service.
    const key = matchKey(caller, criteria, words);
    const { mask, total } = this.matchesByKey.getOrMake(key, () => this.match(criteria, caller, words));
    // The page walks the order only until it is full.
    const { entries } = this;
    const rows: ServiceListRow[] = [];
    const positions = this.ordered(sort, order);
    let seen = 0;
    for (let i = 0; i < positions.length && rows.length < page.limit && seen < total; i++) {
      const position = positions[i]!;
      if (mask[position] === 0) continue;
      if (seen >= page.offset) rows.push(entries[position]!.row);
      seen += 1;
    }
    return { rows, total };
  }

  /**
   * Which services match the criteria and the caller may see, marked front to back: a walk of every
   * service in sort order reads the columns at scattered places, and that was two fifths of a list
   * request's CPU (bench/README.md). Reads nothing of the caller but what matchKey holds.
   */
  private match(criteria: ServiceListCriteria, caller: ServiceListCaller, words: readonly string[]): Match {
    const { principal } = caller;
    const { tab } = criteria;
    const tabStates: readonly ServiceState[] | null =
      tab && tab !== 'mine' && tab !== 'myCentre' ? TAB_STATES[tab] : null;
    const needed = tab === 'mine' ? VISIBLE | PROVIDER_SIDE : VISIBLE;
    const { columns, entries } = this;
    const me = this.ids.find(principal.id);
    const related = this.relatedTo(me);
    const verdict = verdicts(principal);
    const provider = criteria.provider ? this.ids.find(criteria.provider) : null;
    const keyword = criteria.keyword ? this.withKeyword(this.ids.find(criteria.keyword)) : null;
    const centre = tab === 'myCentre' ? this.ids.find(caller.institutionId) : null;
    // The tab's states and the state filter as one lookup by position in SERVICE_STATES.
    const within = criteria.states;
    const states =
      tabStates || criteria.state || within
        ? SERVICE_STATES.map(
            (state) =>
              (!tabStates || tabStates.includes(state)) &&
              (!criteria.state || criteria.state === state) &&
              (!within || within.includes(state)),
          )
        : null;
    const matched = words.length > 0 ? this.matches(words) : null;
    const accepts = (position: number): boolean => {
      if (states && !states[columns.statePosition[position]!]) return false;
      if (provider !== null && columns.provider[position] !== provider) return false;
      // Without an institution the caller has no centre: nothing matches -1 here.
      if (centre !== null && (centre < 0 || columns.provider[position] !== centre)) return false;
      if (keyword && keyword[position] === 0) return false;
      if (matched && matched[position] !== words.length) return false;
      return (verdict(columns.statePosition[position]!, this.flagsAt(position, me, related)) & needed) === needed;
    };
    const mask = new Uint8Array(entries.length);
    let total = 0;
    for (let position = 0; position < entries.length; position++)
      if (accepts(position)) {
        mask[position] = 1;
        total += 1;
      }
    return { mask, total };
  }

  /**
   * The caller's relation flags to the entry at `position` (`me` is the caller's number, `related`
   * their services). Most services are unrelated to the caller: their flags are only whether a
   * manager is set.
   */
  private flagsAt(position: number, me: number, related: Uint8Array | null): number {
    return (
      (this.columns.serviceManager[position] !== -1 ? HAS_SERVICE_MANAGER : 0) |
      (related && related[position] === 1 ? relationFlags(this.columns, this.entries, position, me) : 0)
    );
  }

  /**
   * Every service the caller may see (canSeeService, as the lists), in the given order, with the
   * caller's relation to it (one object per combination, so a visitor may memoise by it).
   */
  forEachVisible(principal: Principal, sort: ListSort, order: SortOrder, visit: VisibleServiceVisitor): void {
    const me = this.ids.find(principal.id);
    const related = this.relatedTo(me);
    const verdict = verdicts(principal);
    const relationAt = relations(principal);
    const { columns, entries } = this;
    for (const position of this.ordered(sort, order)) {
      const flags = this.flagsAt(position, me, related);
      const state = columns.statePosition[position]!;
      if ((verdict(state, flags) & VISIBLE) === 0) continue;
      visit(entries[position]!.row, relationAt(state, flags), related !== null && related[position] === 1);
    }
  }

  /**
   * A lookup of the caller's relation to a service by its id: null when it does not exist or the
   * caller may not see it. Made once per request, asked per object.
   */
  relationLookup(principal: Principal): (id: string) => { row: ServiceListRow; relation: ServiceRelation } | null {
    const byId = this.positionsById();
    const me = this.ids.find(principal.id);
    const related = this.relatedTo(me);
    const verdict = verdicts(principal);
    const relationAt = relations(principal);
    return (id) => {
      const position = byId.get(id);
      if (position === undefined) return null;
      const flags = this.flagsAt(position, me, related);
      const state = this.columns.statePosition[position]!;
      if ((verdict(state, flags) & VISIBLE) === 0) return null;
      return { row: this.entries[position]!.row, relation: relationAt(state, flags) };
    };
  }
}
