import {
  CHANGE_REQUEST_STATES,
  changeRequestDueFor,
  DASHBOARD_LIMITS,
  isProviderSide,
  isServiceState,
  nextStepFor,
  OPEN_REVIEW_STATUSES,
  reviewDueFor,
  SERVICE_STATES,
  VO_STATES,
  voDueFor,
  type ChangeRequestDue,
  type ChangeRequestState,
  type NextStepAction,
  type Principal,
  type ReviewDue,
  type ReviewStatus,
  type ServiceRelation,
  type ServiceState,
  type VoDue,
  type VoState,
} from '@nubes/domain';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { changeRequests, serviceReviews, services, vos } from '../db/schema.js';
import { voActorContext } from '../policies/vo-policy.js';
import {
  serviceRelationFlagsSql,
  visibleChangeRequestsSql,
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
  | { kind: 'vo'; id: string; name: string; state: VoState; due: VoDue; since: Date };

/** Longest waiting first, at most DASHBOARD_LIMITS.waiting; the total counts every one. */
export interface Waiting {
  entries: WaitingEntry[];
  total: number;
}

const FACTS = ['isObjectOwner', 'isServiceOwner', 'isAdmin', 'isServiceManager', 'isProviderManager'] as const;
const FLAGS = [...FACTS, 'hasServiceManager'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

const relationOf = (principal: Principal, state: ServiceState, flags: Flags): ServiceRelation => ({
  roles: principal.roles,
  state,
  ...flags,
});

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
 * The first page of a kind's due entries, longest waiting first: candidates are read in batches in
 * that order and the domain's rule decides each, until the page is full or none are left. The
 * candidates are narrowed to what may wait for the caller, so most of them are due.
 */
const firstDue = async <Row extends { since: Date; id: string }>(
  read: (after: After) => Promise<Row[]>,
  decide: (row: Row) => WaitingEntry | null,
): Promise<WaitingEntry[]> => {
  const entries: WaitingEntry[] = [];
  let after: After = null;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) {
      const entry = decide(row);
      if (entry) entries.push(entry);
      if (entries.length === DASHBOARD_LIMITS.waiting) return entries;
    }
    if (rows.length < BATCH) return entries;
    const last = rows[rows.length - 1]!;
    after = { since: last.since, id: last.id };
  }
};

/** `keys` where anyone may be waited for, or `related` keys on a service the caller holds a role in; null: none. */
const candidates = <Key>(
  { anyone, related }: { anyone: Key[]; related: Key[] },
  keySql: (keys: Key[]) => SQL,
  anyFact: SQL,
): SQL | null => {
  const parts = [
    anyone.length > 0 ? keySql(anyone) : undefined,
    related.length > 0 ? and(keySql(related), anyFact) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? or(...parts)! : null;
};

/** Ordinal GROUP BY: the flags carry the caller's id as parameters, which PostgreSQL would not match by expression. */
const groupByFirst = (n: number) => sql.raw(Array.from({ length: n }, (_, i) => String(i + 1)).join(', '));

const readFlags = (row: Flags): Flags => Object.fromEntries(FLAGS.map((name) => [name, row[name] === true])) as Flags;

const serviceState = (state: string): ServiceState => {
  // The CHECK constraint keeps unknown states out of the table.
  if (!isServiceState(state)) throw new Error(`unknown state ${state}`);
  return state;
};

/** The services the caller may see in a state whose next step may be theirs. */
const serviceCandidatesSql = (principal: Principal): SQL =>
  and(
    visibleServicesSql(principal),
    candidates(
      narrowingFor(principal).services,
      (states) => inArray(services.state, states),
      flagsOf(principal).anyFact,
    ) ?? sql`false`,
  )!;

/** The open reviews of services the caller may see, in a status where a step may be theirs. */
const reviewCandidatesSql = (principal: Principal): SQL =>
  and(
    visibleServicesSql(principal),
    candidates(
      narrowingFor(principal).reviews,
      (statuses) => inArray(serviceReviews.status, statuses),
      flagsOf(principal).anyFact,
    ) ?? sql`false`,
  )!;

/**
 * The candidate services of "waiting for me" per state and relation flags, with their number:
 * the services the caller may see in a state whose next step may be theirs (docs/adr/0041-dashboard.md).
 */
export const waitingServiceGroupsQuery = (db: Db, principal: Principal) =>
  db
    .select({ state: services.state, ...flagsOf(principal).columns, count: count() })
    .from(services)
    .where(serviceCandidatesSql(principal))
    .groupBy(groupByFirst(1 + FLAGS.length));

/** A batch of the candidate services, longest waiting first (the narrowing of the groups' query). */
export const waitingServicesBatchQuery = (db: Db, principal: Principal, after: After) =>
  db
    .select({
      id: services.id,
      name: services.name,
      state: services.state,
      since: services.updatedAt,
      ...flagsOf(principal).columns,
    })
    .from(services)
    .where(and(serviceCandidatesSql(principal), afterSql(services.updatedAt, services.id, after)))
    .orderBy(asc(services.updatedAt), asc(services.id))
    .limit(BATCH);

const reviewSince =
  sql<Date>`coalesce(${serviceReviews.answeredAt}, ${serviceReviews.startedAt}, ${services.updatedAt})`.mapWith(
    serviceReviews.updatedAt,
  );

/** The candidate open reviews per status, service state and relation flags, with their number. */
export const waitingReviewGroupsQuery = (db: Db, principal: Principal) =>
  db
    .select({ status: serviceReviews.status, state: services.state, ...flagsOf(principal).columns, count: count() })
    .from(serviceReviews)
    .innerJoin(services, eq(services.id, serviceReviews.serviceId))
    .where(reviewCandidatesSql(principal))
    .groupBy(groupByFirst(2 + FLAGS.length));

/** A batch of the candidate open reviews, longest waiting first (answered, else started). */
export const waitingReviewsBatchQuery = (db: Db, principal: Principal, after: After) =>
  db
    .select({
      id: services.id,
      name: services.name,
      status: serviceReviews.status,
      state: services.state,
      since: reviewSince,
      ...flagsOf(principal).columns,
    })
    .from(serviceReviews)
    .innerJoin(services, eq(services.id, serviceReviews.serviceId))
    .where(and(reviewCandidatesSql(principal), afterSql(reviewSince, services.id, after)))
    .orderBy(asc(reviewSince), asc(services.id))
    .limit(BATCH);

/** The change requests that may wait for the caller, by state and author kind, on a service they may see. */
const changeRequestCandidatesSql = (principal: Principal) => {
  const { anyFact } = flagsOf(principal);
  const narrowed = candidates(
    narrowingFor(principal).changeRequests,
    (keys) =>
      or(
        ...keys.map((key) =>
          and(
            eq(changeRequests.state, key.state),
            eq(changeRequests.fromIntegrationManager, key.fromIntegrationManager),
          ),
        ),
      )!,
    anyFact,
  );
  return and(visibleChangeRequestsSql(principal), narrowed ?? sql`false`)!;
};

/** The candidate change requests per state, author kind, service state and relation flags, with their number. */
export const waitingChangeRequestGroupsQuery = (db: Db, principal: Principal) =>
  db
    .select({
      requestState: changeRequests.state,
      fromIntegrationManager: changeRequests.fromIntegrationManager,
      state: services.state,
      ...flagsOf(principal).columns,
      count: count(),
    })
    .from(changeRequests)
    .innerJoin(services, eq(services.id, changeRequests.serviceId))
    .where(changeRequestCandidatesSql(principal))
    .groupBy(groupByFirst(3 + FLAGS.length));

/** A batch of the candidate change requests, longest waiting first. */
export const waitingChangeRequestsBatchQuery = (db: Db, principal: Principal, after: After) =>
  db
    .select({
      id: changeRequests.id,
      serviceId: services.id,
      name: services.name,
      requestState: changeRequests.state,
      fromIntegrationManager: changeRequests.fromIntegrationManager,
      state: services.state,
      since: changeRequests.updatedAt,
      ...flagsOf(principal).columns,
    })
    .from(changeRequests)
    .innerJoin(services, eq(services.id, changeRequests.serviceId))
    .where(and(changeRequestCandidatesSql(principal), afterSql(changeRequests.updatedAt, changeRequests.id, after)))
    .orderBy(asc(changeRequests.updatedAt), asc(changeRequests.id))
    .limit(BATCH);

/**
 * The VOs the caller may read in a state where a step may be theirs, longest waiting first. Only
 * drafts and those under review qualify, a few rows; the VO rule decides per row.
 */
export const waitingVoCandidatesQuery = (db: Db, principal: Principal) => {
  const states = narrowingFor(principal).vos;
  return db
    .select({
      id: vos.id,
      name: vos.name,
      state: vos.state,
      applicantId: vos.applicantId,
      deputyId: vos.deputyId,
      since: vos.updatedAt,
    })
    .from(vos)
    .where(and(visibleVosSql(principal), states.length > 0 ? inArray(vos.state, states) : sql`false`))
    .orderBy(asc(vos.updatedAt), asc(vos.id));
};

/** The groups the domain's rule finds due, with that rule's answer, and how many rows they hold. */
const dueGroups = <Group extends Flags & { count: number }>(
  groups: readonly Group[],
  decide: (group: Group, flags: Flags) => unknown,
) => ({
  total: groups.reduce((sum, group) => sum + (decide(group, readFlags(group)) ? Number(group.count) : 0), 0),
});

/**
 * What waits for the caller (docs/adr/0041-dashboard.md): the database lists the candidate rows
 * the caller may see, grouped by state and the caller's relation flags; the domain's due rules
 * (nextStepFor, reviewDueFor, changeRequestDueFor, voDueFor) decide per group, which gives the
 * total; the first page of each kind is read in batches, longest waiting first, the rule asked per row.
 */
export const loadWaiting = async (db: Db, principal: Principal): Promise<Waiting> => {
  const [serviceGroups, reviewGroups, requestGroups, voRows] = await Promise.all([
    waitingServiceGroupsQuery(db, principal),
    waitingReviewGroupsQuery(db, principal),
    waitingChangeRequestGroupsQuery(db, principal),
    waitingVoCandidatesQuery(db, principal),
  ]);
  const dueServices = dueGroups(serviceGroups, (group, flags) =>
    serviceDue(relationOf(principal, serviceState(group.state), flags)),
  );
  const dueReviews = dueGroups(reviewGroups, (group, flags) =>
    reviewDue(group.status, relationOf(principal, serviceState(group.state), flags)),
  );
  const dueRequests = dueGroups(requestGroups, (group, flags) =>
    changeRequestDueFor(
      relationOf(principal, serviceState(group.state), flags),
      group.requestState,
      group.fromIntegrationManager,
    ),
  );
  const pages = await Promise.all([
    dueServices.total === 0
      ? []
      : firstDue(
          (after) => waitingServicesBatchQuery(db, principal, after),
          (row) => {
            const state = serviceState(row.state);
            const due = serviceDue(relationOf(principal, state, readFlags(row)));
            return due && { kind: 'service', id: row.id, name: row.name, state, due, since: row.since };
          },
        ),
    dueReviews.total === 0
      ? []
      : firstDue(
          (after) => waitingReviewsBatchQuery(db, principal, after),
          (row) => {
            const due = reviewDue(row.status, relationOf(principal, serviceState(row.state), readFlags(row)));
            return due && { kind: 'review', id: row.id, name: row.name, state: row.status, due, since: row.since };
          },
        ),
    dueRequests.total === 0
      ? []
      : firstDue(
          (after) => waitingChangeRequestsBatchQuery(db, principal, after),
          (row) => {
            const relation = relationOf(principal, serviceState(row.state), readFlags(row));
            const due = changeRequestDueFor(relation, row.requestState, row.fromIntegrationManager);
            return (
              due && {
                kind: 'changeRequest',
                id: row.id,
                serviceId: row.serviceId,
                name: row.name,
                state: row.requestState,
                due,
                since: row.since,
              }
            );
          },
        ),
  ]);
  const entries: WaitingEntry[] = pages.flat();
  let vosDue = 0;
  for (const row of voRows) {
    const due = voDueFor(row.state, voActorContext(principal, row));
    if (!due) continue;
    vosDue += 1;
    if (vosDue <= DASHBOARD_LIMITS.waiting)
      entries.push({ kind: 'vo', id: row.id, name: row.name, state: row.state, due, since: row.since });
  }
  // Each kind came longest waiting first: their first pages hold the merged page's.
  entries.sort((a, b) => a.since.getTime() - b.since.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    entries: entries.slice(0, DASHBOARD_LIMITS.waiting),
    total: dueServices.total + dueReviews.total + dueRequests.total + vosDue,
  };
};
