import {
  changeRequestDueFor,
  isOpenReview,
  isProviderSide,
  nextStepFor,
  reviewDueFor,
  SERVICE_STATES,
  type ChangeRequestDue,
  type NextStepAction,
  type Principal,
  type ReviewDue,
  type ServiceRelation,
  type ServiceState,
} from '@nubes/domain';
import type { ChangeRequestListRow } from '../model/change-request.js';
import { RecentlyUsed } from './recently-used.js';
import type { ReviewEntry } from './review-index.js';
import type { ServiceListRow, ServiceListSnapshot } from './service-list-snapshot.js';

/** Something that waits for the caller, before it is shaped for the answer. */
export type WaitingEntry =
  | { kind: 'service'; row: ServiceListRow; due: NextStepAction; since: Date }
  | { kind: 'changeRequest'; request: ChangeRequestListRow; due: ChangeRequestDue; since: Date }
  | { kind: 'review'; row: ServiceListRow; review: ReviewEntry; due: ReviewDue; since: Date };

export interface CentreCount {
  institutionId: string | null;
  abbreviation: string | null;
  name: string | null;
  count: number;
}

export interface DashboardOverview {
  /** Longest waiting first. */
  waiting: WaitingEntry[];
  /** The services the caller holds a role in, last changed first. */
  myServices: ServiceListRow[];
  stateCounts: { state: ServiceState; count: number }[];
  centreCounts: CentreCount[];
  /** Services the caller may see, for the activity's filter; related ones apart (their own events). */
  canSee: (serviceId: string) => ServiceListRow | null;
  relatedIds: string[];
}

/**
 * The dashboard's service part from memory (docs/adr/0041-dashboard.md): one walk over the list
 * snapshot in the visibility of the lists (canSeeService) counts per state and centre, collects the
 * caller's services and the services whose next step is the caller's (the domain's nextStepFor,
 * which asks the server's own transition rule), and the reviews the caller owes an answer or an
 * end; the change requests come from the Change Request List's rows. Rules are asked once per
 * combination of state and relation, never per service.
 */
const dashboardOverview = (
  snapshot: ServiceListSnapshot,
  reviews: ReadonlyMap<string, ReviewEntry>,
  changeRequests: readonly ChangeRequestListRow[],
  principal: Principal,
): DashboardOverview => {
  const stateCounts = new Array<number>(SERVICE_STATES.length).fill(0);
  const centres = new Map<string | null, CentreCount>();
  const waiting: WaitingEntry[] = [];
  const mine: ServiceListRow[] = [];
  const steps = new Map<ServiceRelation, NextStepAction | null>();
  const stepOf = (relation: ServiceRelation) => {
    let step = steps.get(relation);
    if (step === undefined) {
      step = nextStepFor(relation.state, { roles: principal.roles, isProviderSide: isProviderSide(relation) });
      steps.set(relation, step);
    }
    return step;
  };

  // Oldest change first: what waits longest comes first; the own services are read backwards.
  snapshot.forEachVisible(principal, 'updatedAt', 'asc', (row, relation, related) => {
    stateCounts[SERVICE_STATES.indexOf(row.state)]! += 1;
    const centre = centres.get(row.providerId);
    if (centre) centre.count += 1;
    else
      centres.set(row.providerId, {
        institutionId: row.providerId,
        abbreviation: row.providerAbbreviation,
        name: row.providerName,
        count: 1,
      });
    if (related) mine.push(row);
    const step = stepOf(relation);
    if (step) waiting.push({ kind: 'service', row, due: step, since: row.updatedAt });
    const review = reviews.get(row.id);
    if (review && isOpenReview(review.status)) {
      const due = reviewDueFor(review.status, row.state, {
        roles: principal.roles,
        isProviderSide: isProviderSide(relation),
      });
      if (due)
        waiting.push({
          kind: 'review',
          row,
          review,
          due,
          since: review.answeredAt ?? review.startedAt ?? row.updatedAt,
        });
    }
  });

  const lookup = snapshot.relationLookup(principal);
  for (const request of changeRequests) {
    const service = lookup(request.serviceUuid);
    if (!service) continue;
    const due = changeRequestDueFor(service.relation, request.state, request.fromIntegrationManager);
    if (due) waiting.push({ kind: 'changeRequest', request, due, since: request.updatedAt });
  }
  waiting.sort((a, b) => a.since.getTime() - b.since.getTime());

  return {
    waiting,
    myServices: mine.reverse(),
    stateCounts: SERVICE_STATES.map((state, i) => ({ state, count: stateCounts[i]! })).filter((c) => c.count > 0),
    centreCounts: [...centres.values()].sort(
      (a, b) => b.count - a.count || (a.abbreviation ?? '\uffff').localeCompare(b.abbreviation ?? '\uffff'),
    ),
    canSee: (id) => lookup(id)?.row ?? null,
    relatedIds: mine.map((row) => row.id),
  };
};

/** How many people's overviews one set of snapshots keeps; beyond it the least recently asked go. */
const MAX_CACHED_PEOPLE = 500;

type Inputs = [ServiceListSnapshot, ReadonlyMap<string, ReviewEntry>, readonly ChangeRequestListRow[]];
const cache = new WeakMap<ServiceListSnapshot, { inputs: Inputs; byPerson: RecentlyUsed<string, DashboardOverview> }>();

/**
 * dashboardOverview, kept per person while the snapshots it was made from are current: they are
 * immutable and replaced on every change, so an overview made from the same three objects is the
 * same answer. A portfolio manager who reloads the home page then costs a map lookup, not a walk.
 */
export const cachedDashboardOverview = (
  snapshot: ServiceListSnapshot,
  reviews: ReadonlyMap<string, ReviewEntry>,
  changeRequests: readonly ChangeRequestListRow[],
  principal: Principal,
): DashboardOverview => {
  let entry = cache.get(snapshot);
  if (!entry || entry.inputs[1] !== reviews || entry.inputs[2] !== changeRequests) {
    entry = { inputs: [snapshot, reviews, changeRequests], byPerson: new RecentlyUsed(MAX_CACHED_PEOPLE) };
    cache.set(snapshot, entry);
  }
  // The roles are part of the key: a role change makes a different overview at once.
  const key = `${principal.id}:${[...principal.roles].sort().join(',')}`;
  return entry.byPerson.getOrMake(key, () => dashboardOverview(snapshot, reviews, changeRequests, principal));
};
