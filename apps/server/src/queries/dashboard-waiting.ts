import {
  CHANGE_REQUEST_STATES,
  changeRequestDueFor,
  DASHBOARD_LIMITS,
  isProviderSide,
  nextStepFor,
  OPEN_REVIEW_STATUSES,
  RESOURCE_PACKAGE_STATES,
  resourcePackageDueFor,
  reviewDueFor,
  SERVICE_STATES,
  VO_STATES,
  voDueFor,
  type ChangeRequestDue,
  type ChangeRequestState,
  type NextStepAction,
  type Principal,
  type ResourcePackageDue,
  type ResourcePackageState,
  type ReviewDue,
  type ReviewStatus,
  type ServiceRelation,
  type ServiceState,
  type VoDue,
  type VoState,
} from '@nubes/domain';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import { changeRequests, resourcePackages, serviceReviews, services, vos } from '../db/schema.js';
import { voActorContext } from '../policies/vo-policy.js';
import { voStepColumns } from './vos.js';
import {
  serviceRelationFlagsSql,
  visibleChangeRequestsSql,
  visibleResourcePackagesSql,
  visibleServicesSql,
  visibleVosSql,
} from '../policies/visibility-sql.js';

/** Something that waits for the caller, before it is shaped for the answer (presenters/dashboard.ts). */
export type WaitingEntry =
  | { kind: 'service'; id: string; name: string; state: ServiceState; due: NextStepAction; since: Date }
  | {
      kind: 'changeRequest';
      id: string;
      serviceId: string;
      /** The service's name: a change request has none of its own. */
      name: string;
      state: ChangeRequestState;
      due: ChangeRequestDue;
      since: Date;
    }
  | { kind: 'review'; id: string; name: string; state: ReviewStatus; due: ReviewDue; since: Date }
  | { kind: 'vo'; id: string; name: string; state: VoState; due: VoDue; since: Date }
  | {
      kind: 'resourcePackage';
      id: string;
      serviceId: string;
      name: string;
      serviceName: string;
      state: ResourcePackageState;
      due: ResourcePackageDue;
      comment: string | null;
      since: Date;
    };

/** Longest waiting first, at most DASHBOARD_LIMITS.waiting; the total counts every one. */
export interface Waiting {
  entries: WaitingEntry[];
  total: number;
}

const FACTS = ['isObjectOwner', 'isServiceOwner', 'isAdmin', 'isServiceManager', 'isProviderManager'] as const;
const FLAGS = [...FACTS, 'hasServiceManager'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

/** Every relation a caller with these roles may have to a service in this state: each combination of the flags. */
const everyRelation = (roles: readonly string[], state: ServiceState): ServiceRelation[] =>
  Array.from({ length: 1 << FLAGS.length }, (_, bits) => {
    const flags = Object.fromEntries(FLAGS.map((name, i) => [name, (bits & (1 << i)) !== 0])) as Flags;
    return { roles, state, ...flags };
  });

const isRelated = (relation: ServiceRelation) => FACTS.some((name) => relation[name]);

/**
 * Which keys (a state, or a state with more) can wait for a caller with these roles, asked of the
 * domain's own due rule for every relation the caller may have: `anyone` keys may wait for them
 * on any service, `related` keys only on a service they hold a role in. Only narrows the rows a
 * query reads; the rule still decides per row.
 */
const narrowing = <Key>(
  keys: readonly Key[],
  /** The service states a key's rows may be in. */
  statesOf: (key: Key) => readonly ServiceState[],
  roles: readonly string[],
  due: (key: Key, relation: ServiceRelation) => unknown,
) => {
  const anyone: Key[] = [];
  const related: Key[] = [];
  for (const key of keys) {
    const relations = statesOf(key)
      .flatMap((state) => everyRelation(roles, state))
      .filter((relation) => due(key, relation));
    if (relations.some((r) => !isRelated(r))) anyone.push(key);
    else if (relations.length > 0) related.push(key);
  }
  return { anyone, related };
};

/** The narrowings per set of roles: role sets are few, and each costs a few thousand rule calls. */
const narrowings = new Map<string, ReturnType<typeof narrowingsOf>>();

const narrowingsOf = (roles: readonly string[]) => ({
  services: narrowing(
    SERVICE_STATES,
    (state) => [state],
    roles,
    (_, relation) => serviceDue(relation),
  ),
  reviews: narrowing(
    OPEN_REVIEW_STATUSES,
    () => SERVICE_STATES,
    roles,
    (status, relation) => reviewDue(status, relation),
  ),
  changeRequests: narrowing(
    CHANGE_REQUEST_STATES.flatMap((state) =>
      [false, true].map((fromIntegrationManager) => ({ state, fromIntegrationManager })),
    ),
    () => SERVICE_STATES,
    roles,
    (key, relation) => changeRequestDueFor(relation, key.state, key.fromIntegrationManager),
  ),
  resourcePackages: narrowing(
    RESOURCE_PACKAGE_STATES,
    () => SERVICE_STATES,
    roles,
    (state, relation) => resourcePackageDueFor(relation, state),
  ),
  // The VO rule takes no service relation: a state is a candidate when a step there may be the caller's, as a manager or not.
  vos: VO_STATES.filter((state) => [false, true].some((isManager) => voDueFor(state, { roles, isManager }) !== null)),
});

const narrowingFor = (principal: Principal) => {
  const key = [...principal.roles].sort().join(',');
  let made = narrowings.get(key);
  if (!made) narrowings.set(key, (made = narrowingsOf(principal.roles)));
  return made;
};

const serviceDue = (relation: ServiceRelation) =>
  nextStepFor(relation.state, { roles: relation.roles, isProviderSide: isProviderSide(relation) });

const reviewDue = (status: ReviewStatus, relation: ServiceRelation) =>
  reviewDueFor(status, relation.state, { roles: relation.roles, isProviderSide: isProviderSide(relation) });

/** The caller's flags as columns, and the condition that the caller holds a role in the service. */
const flagsOf = (principal: Principal) => {
  const columns = serviceRelationFlagsSql(principal);
  const anyFact = or(...FACTS.map((name) => columns[name]))!;
  return { columns, anyFact };
};

/** Where a batch of candidates starts: after the last one read, in the order longest waiting first. */
type After = { since: Date; id: string } | null;
const BATCH = 100;

/** Rows after `after` in the order (since, id), as a keyset: no offset, so a later batch costs what the first did. */
const afterSql = (since: SQL | AnyPgColumn, id: AnyPgColumn, after: After): SQL | undefined =>
  after ? sql`(${since}, ${id}) > (${after.since}, ${after.id})` : undefined;

/**
 * The rows the caller may see (`visible`) that may wait for them: a key in `anyone`, or a key in
 * `related` on a service the caller holds a role in.
 */
const candidatesSql = <Key>(
  principal: Principal,
  visible: SQL | undefined,
  { anyone, related }: { anyone: Key[]; related: Key[] },
  keySql: (keys: Key[]) => SQL,
): SQL => {
  const parts = [
    anyone.length > 0 ? keySql(anyone) : undefined,
    related.length > 0 ? and(keySql(related), flagsOf(principal).anyFact) : undefined,
  ].filter((part) => part !== undefined);
  return and(visible, parts.length > 0 ? or(...parts) : sql`false`)!;
};

/** Ordinal GROUP BY: the flags carry the caller's id as parameters, which PostgreSQL would not match by expression. */
const groupByFirst = (columns: object) =>
  sql.raw(
    Object.keys(columns)
      .map((_, i) => String(i + 1))
      .join(', '),
  );

const readFlags = (row: Flags): Flags => Object.fromEntries(FLAGS.map((name) => [name, row[name] === true])) as Flags;

/** The caller's relation to a row's service, from the row's service state and flags. */
const relationOfRow = (principal: Principal, row: Flags & { state: ServiceState }): ServiceRelation => ({
  roles: principal.roles,
  ...readFlags(row),
  state: row.state,
});

/**
 * One kind of what waits for the caller: the candidate rows grouped by what the domain's rule
 * reads (`groups`), the rule deciding per group, which gives the total; then the first page,
 * read in batches longest waiting first and decided per row, until it is full or none are left.
 */
const waitingOfKind = async <
  Keys extends Flags & { state: ServiceState },
  Row extends Keys & { id: string; since: Date },
  Due,
>(
  principal: Principal,
  groups: readonly { keys: Keys; count: number }[],
  batch: (after: After) => Promise<Row[]>,
  dueOf: (row: Keys, relation: ServiceRelation) => Due | null,
  entryOf: (row: Row, due: Due, relation: ServiceRelation) => WaitingEntry,
): Promise<{ entries: WaitingEntry[]; total: number }> => {
  const total = groups.reduce(
    (sum, { keys, count }) => sum + (dueOf(keys, relationOfRow(principal, keys)) ? Number(count) : 0),
    0,
  );
  const entries: WaitingEntry[] = [];
  for (let after: After = null; total > 0;) {
    const rows = await batch(after);
    for (const row of rows) {
      const relation = relationOfRow(principal, row);
      const due = dueOf(row, relation);
      if (due) entries.push(entryOf(row, due, relation));
      if (entries.length === DASHBOARD_LIMITS.waiting) return { entries, total };
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { since: last.since, id: last.id };
  }
  return { entries, total };
};

const reviewSince =
  sql<Date>`coalesce(${serviceReviews.answeredAt}, ${serviceReviews.startedAt}, ${services.updatedAt})`.mapWith(
    serviceReviews.updatedAt,
  );

/**
 * One kind of what waits for the caller, as data: where its rows are, which of them may wait,
 * what the domain's rule reads of them and what an entry shows. `waitingRows` reads every kind
 * with the same two queries.
 */
interface WaitingKind<Key, Keys extends Fields, Columns extends WaitingColumns, Due> {
  /** The table of the kind's rows. */
  table: PgTable;
  /** How a row meets its service; none when the row is the service. */
  serviceOf?: SQL;
  /** The rows the caller may see. */
  visible: (principal: Principal) => SQL | undefined;
  /** The keys that may wait for the caller (narrowing), and a key set as SQL. */
  narrowing: (narrowings: ReturnType<typeof narrowingsOf>) => { anyone: Key[]; related: Key[] };
  keySql: (keys: Key[]) => SQL;
  /** What the rule reads besides the service's state and the caller's flags (which follow them). */
  keys: Keys;
  /** What an entry shows, after the keys: `id` and `since` also give the order, longest waiting first. */
  columns: Columns;
  due: (row: KindKeys<Keys>, relation: ServiceRelation) => Due | null;
  entry: (row: KindKeys<Keys> & SelectResultFields<Columns>, due: Due, relation: ServiceRelation) => WaitingEntry;
}

type Fields = Record<string, AnyPgColumn | SQL>;
type WaitingColumns = Fields & { id: AnyPgColumn; since: SQL<Date> | AnyPgColumn };
type KindKeys<Keys extends Fields> = SelectResultFields<Keys> & Flags & { state: ServiceState };
type KindRow<Keys extends Fields, Columns extends WaitingColumns> = KindKeys<Keys> &
  SelectResultFields<Columns> & { id: string; since: Date };

/** A kind, its types inferred from its columns. */
const waitingKind = <Key, Keys extends Fields, Columns extends WaitingColumns, Due>(
  kind: WaitingKind<Key, Keys, Columns, Due>,
) => kind;

/** The kind's rows as candidates, grouped by what the rule reads; then its first page, a batch at a time. */
const waitingRows = async <Key, Keys extends Fields, Columns extends WaitingColumns, Due>(
  db: Db,
  principal: Principal,
  kind: WaitingKind<Key, Keys, Columns, Due>,
) => {
  const candidates = candidatesSql(
    principal,
    kind.visible(principal),
    kind.narrowing(narrowingFor(principal)),
    kind.keySql,
  );
  const keys = { ...kind.keys, state: services.state, ...flagsOf(principal).columns };
  const from = <Selected extends SelectedFields>(fields: Selected) => {
    const query = db.select(fields).from(kind.table);
    // The join selects nothing: the rows keep the fields' shape.
    return kind.serviceOf ? (query.innerJoin(services, kind.serviceOf) as unknown as typeof query) : query;
  };
  const groups = await from({ keys, count: count() }).where(candidates).groupBy(groupByFirst(keys));
  const { id, since } = kind.columns;
  return waitingOfKind<KindKeys<Keys>, KindRow<Keys, Columns>, Due>(
    principal,
    groups,
    async (after) =>
      (await from({ ...keys, ...kind.columns })
        .where(and(candidates, afterSql(since, id, after)))
        .orderBy(asc(since), asc(id))
        .limit(BATCH)) as KindRow<Keys, Columns>[],
    kind.due,
    kind.entry,
  );
};

/** The services the caller may see in a state whose next step may be theirs (docs/adr/0041-dashboard.md). */
const SERVICES = waitingKind({
  table: services,
  visible: visibleServicesSql,
  narrowing: (narrowings) => narrowings.services,
  keySql: (states) => inArray(services.state, states),
  keys: {},
  columns: { id: services.id, name: services.name, since: services.updatedAt },
  due: (_, relation) => serviceDue(relation),
  entry: (row, due, { state }) => ({ kind: 'service', id: row.id, name: row.name, state, due, since: row.since }),
});

/** The open reviews of services the caller may see, in a status where a step may be theirs; longest waiting: answered, else started. */
const REVIEWS = waitingKind({
  table: serviceReviews,
  serviceOf: eq(services.id, serviceReviews.serviceId),
  visible: visibleServicesSql,
  narrowing: (narrowings) => narrowings.reviews,
  keySql: (statuses) => inArray(serviceReviews.status, statuses),
  keys: { status: serviceReviews.status },
  columns: { id: services.id, name: services.name, since: reviewSince },
  due: (row, relation) => reviewDue(row.status, relation),
  entry: (row, due) => ({ kind: 'review', id: row.id, name: row.name, state: row.status, due, since: row.since }),
});

/** The change requests that may wait for the caller, by state and author kind, on a service they may see. */
const CHANGE_REQUESTS = waitingKind({
  table: changeRequests,
  serviceOf: eq(services.id, changeRequests.serviceId),
  visible: visibleChangeRequestsSql,
  narrowing: (narrowings) => narrowings.changeRequests,
  keySql: (keys) =>
    or(
      ...keys.map((key) =>
        and(eq(changeRequests.state, key.state), eq(changeRequests.fromIntegrationManager, key.fromIntegrationManager)),
      ),
    )!,
  keys: { requestState: changeRequests.state, fromIntegrationManager: changeRequests.fromIntegrationManager },
  columns: { id: changeRequests.id, serviceId: services.id, name: services.name, since: changeRequests.updatedAt },
  due: (row, relation) => changeRequestDueFor(relation, row.requestState, row.fromIntegrationManager),
  entry: (row, due) => ({
    kind: 'changeRequest',
    id: row.id,
    serviceId: row.serviceId,
    name: row.name,
    state: row.requestState,
    due,
    since: row.since,
  }),
});

/**
 * The resource packages the caller may see that wait for them: submitted ones for the reviewers,
 * rejected ones, with the reviewer's reason, for the provider side of their service.
 */
const RESOURCE_PACKAGES = waitingKind({
  table: resourcePackages,
  serviceOf: eq(services.id, resourcePackages.serviceId),
  visible: visibleResourcePackagesSql,
  narrowing: (narrowings) => narrowings.resourcePackages,
  keySql: (states) => inArray(resourcePackages.state, states),
  keys: { packageState: resourcePackages.state },
  columns: {
    id: resourcePackages.id,
    serviceId: services.id,
    name: resourcePackages.name,
    serviceName: services.name,
    comment: resourcePackages.reviewComment,
    since: resourcePackages.updatedAt,
  },
  due: (row, relation) => resourcePackageDueFor(relation, row.packageState),
  entry: (row, due) => ({
    kind: 'resourcePackage',
    id: row.id,
    serviceId: row.serviceId,
    name: row.name,
    serviceName: row.serviceName,
    state: row.packageState,
    due,
    comment: row.packageState === 'rejected' ? row.comment : null,
    since: row.since,
  }),
});

/**
 * The VOs the caller may read in a state where a step may be theirs, longest waiting first, decided
 * per row: only drafts and those under review qualify, a few rows.
 */
const waitingVos = async (db: Db, principal: Principal) => {
  const states = narrowingFor(principal).vos;
  const rows = await db
    .select({ ...voStepColumns, since: vos.updatedAt })
    .from(vos)
    .where(and(visibleVosSql(principal), states.length > 0 ? inArray(vos.state, states) : sql`false`))
    .orderBy(asc(vos.updatedAt), asc(vos.id));
  const entries = rows.flatMap((row): WaitingEntry[] => {
    const due = voDueFor(row.state, voActorContext(principal, row));
    return due ? [{ kind: 'vo', id: row.id, name: row.name, state: row.state, due, since: row.since }] : [];
  });
  return { entries: entries.slice(0, DASHBOARD_LIMITS.waiting), total: entries.length };
};

/**
 * What waits for the caller (docs/adr/0041-dashboard.md): per kind, the database lists the
 * candidate rows the caller may see, grouped by state and the caller's relation flags; the
 * domain's due rules (nextStepFor, reviewDueFor, changeRequestDueFor, voDueFor, resourcePackageDueFor) decide per group,
 * which gives the total, and per row of the first page.
 */
export const loadWaiting = async (db: Db, principal: Principal): Promise<Waiting> => {
  const kinds = await Promise.all([
    waitingRows(db, principal, SERVICES),
    waitingRows(db, principal, REVIEWS),
    waitingRows(db, principal, CHANGE_REQUESTS),
    waitingVos(db, principal),
    waitingRows(db, principal, RESOURCE_PACKAGES),
  ]);
  // Each kind came longest waiting first: their first pages hold the merged page's.
  const entries = kinds
    .flatMap((kind) => kind.entries)
    .sort((a, b) => a.since.getTime() - b.since.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    entries: entries.slice(0, DASHBOARD_LIMITS.waiting),
    total: kinds.reduce((sum, kind) => sum + kind.total, 0),
  };
};
