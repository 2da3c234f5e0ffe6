import {
  canReadVo,
  canSeeChangeRequests,
  canSeeResourcePackage,
  canSeeService,
  changeRequestDueFor,
  DASHBOARD_LIMITS,
  isOpenReview,
  isProviderSide,
  nextStepFor,
  resourcePackageDueFor,
  reviewDueFor,
  voDueFor,
  type ServiceRelation,
} from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { changeRequests, resourcePackages, serviceAdmins, serviceReviews, services, vos } from '../db/schema.js';
import { voActorContext } from '../policies/vo-policy.js';
import { serviceRelation } from '../policies/service-policy.js';
import { openTestDatabase } from '../test/harness.js';
import { seedDemoPrincipals } from '../test/demo-principals.js';
import { loadContactDatabaseGlance, loadMyServices, loadRecentActivity, serviceCountsQuery } from './dashboard.js';
import { loadWaiting } from './dashboard-waiting.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * The dashboard's queries against the demo data, for every demo person and for a person holding
 * each role alone: what the database answers equals what the domain's rules give when asked of
 * every row in memory (docs/adr/0041-dashboard.md).
 */
describe('the dashboard from SQL on the demo data', () => {
  let database: TestDatabase;
  let principals: AuthUser[];
  const byName = (username: string) => principals.find((principal) => principal.username === username)!;

  beforeAll(async () => {
    database = await openTestDatabase();
    principals = await seedDemoPrincipals(database.db);
  }, 120_000);
  afterAll(() => database.drop());

  /** Every row the dashboard reads, and the caller's relation to each service by the service policy. */
  const everything = async () => {
    const db = database.db;
    const [serviceRows, admins, reviews, requests, voRows, packages] = await Promise.all([
      db.select().from(services),
      db.select().from(serviceAdmins),
      db.select().from(serviceReviews),
      db.select().from(changeRequests),
      db.select().from(vos),
      db.select().from(resourcePackages),
    ]);
    const relations = (principal: AuthUser) =>
      new Map(
        serviceRows.map((row) => [
          row.id,
          {
            row,
            relation: serviceRelation(
              principal,
              row,
              admins.filter((admin) => admin.serviceId === row.id).map((admin) => admin.userId),
            ),
          },
        ]),
      );
    return { serviceRows, reviews, requests, voRows, packages, relations };
  };

  const workflowContext = (relation: ServiceRelation) => ({
    roles: relation.roles,
    isProviderSide: isProviderSide(relation),
  });

  /** "Waiting for me" by asking the domain's due rules of every row: kind, id and due, longest waiting first. */
  const waitingInMemory = async (principal: AuthUser) => {
    const { reviews, requests, voRows, packages, relations } = await everything();
    const of = relations(principal);
    const items: { key: string; since: number; id: string }[] = [];
    for (const { row, relation } of of.values()) {
      if (!canSeeService(relation)) continue;
      const due = nextStepFor(relation.state, workflowContext(relation));
      if (due) items.push({ key: `service:${row.id}:${due}`, since: row.updatedAt.getTime(), id: row.id });
    }
    for (const review of reviews) {
      const { row, relation } = of.get(review.serviceId)!;
      if (!canSeeService(relation) || !isOpenReview(review.status)) continue;
      const due = reviewDueFor(review.status, relation.state, workflowContext(relation));
      const since = (review.answeredAt ?? review.startedAt ?? row.updatedAt).getTime();
      if (due) items.push({ key: `review:${row.id}:${due}`, since, id: row.id });
    }
    for (const request of requests) {
      const { relation } = of.get(request.serviceId)!;
      if (!canSeeChangeRequests(relation)) continue;
      const due = changeRequestDueFor(relation, request.state, request.fromIntegrationManager);
      if (due)
        items.push({ key: `changeRequest:${request.id}:${due}`, since: request.updatedAt.getTime(), id: request.id });
    }
    for (const vo of voRows) {
      const context = voActorContext(principal, vo);
      if (!canReadVo(context)) continue;
      const due = voDueFor(vo.state, context);
      if (due) items.push({ key: `vo:${vo.id}:${due}`, since: vo.updatedAt.getTime(), id: vo.id });
    }
    for (const pkg of packages) {
      const { relation } = of.get(pkg.serviceId)!;
      if (!canSeeResourcePackage(relation, pkg.state)) continue;
      const due = resourcePackageDueFor(relation, pkg.state);
      if (due) items.push({ key: `resourcePackage:${pkg.id}:${due}`, since: pkg.updatedAt.getTime(), id: pkg.id });
    }
    items.sort((a, b) => a.since - b.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { keys: items.slice(0, DASHBOARD_LIMITS.waiting).map((item) => item.key), total: items.length };
  };

  it('waits for each person with exactly what the domain’s due rules give, longest waiting first, capped', async () => {
    let waited = 0;
    for (const principal of principals) {
      const waiting = await loadWaiting(database.db, principal);
      const expected = await waitingInMemory(principal);
      expect(waiting.total, principal.username).toBe(expected.total);
      expect(
        waiting.entries.map((entry) => `${entry.kind}:${entry.id}:${entry.due}`),
        principal.username,
      ).toEqual(expected.keys);
      expect(waiting.entries.length).toBeLessThanOrEqual(DASHBOARD_LIMITS.waiting);
      waited += waiting.total;
    }
    expect(waited).toBeGreaterThan(0);
  });

  it('gives each role its own work on the demo data', async () => {
    const dueOf = async (username: string) =>
      new Set((await loadWaiting(database.db, byName(username))).entries.map((entry) => `${entry.kind}:${entry.due}`));
    // The provider writes: drafts, the service information, answers to reviews; hands change requests in.
    for (const due of await dueOf('alice'))
      expect([
        'service:completeApplication',
        'service:backToServiceInformationDraft',
        'service:submitServiceInformation',
        'review:confirm',
        'changeRequest:handIn',
        'vo:send',
        'resourcePackage:rework',
      ]).toContain(due);
    // The portfolio manager decides and ends; the integration manager integrates; the supervisor approves.
    for (const due of await dueOf('paula'))
      expect([
        'service:planService',
        'service:readyForIntegration',
        'service:online',
        'review:end',
        'changeRequest:decide',
        'changeRequest:apply',
        'vo:approve',
        'vo:makeAvailable',
      ]).toContain(due);
    expect([...(await dueOf('paula'))].some((due) => due.startsWith('service:'))).toBe(true);
    for (const due of await dueOf('ivan'))
      expect([
        'service:integrationPlanned',
        'service:integrationInProgress',
        'service:serviceCardReview',
        'service:integrationCompleted',
        'changeRequest:handIn',
      ]).toContain(due);
    expect((await dueOf('ivan')).size).toBeGreaterThan(0);
    for (const due of await dueOf('sven')) expect(['vo:approve', 'vo:makeAvailable']).toContain(due);
    expect((await dueOf('sven')).size).toBeGreaterThan(0);
    // The resource package manager reviews what was submitted; the provider reworks what was rejected.
    // rita is also a further admin of HPC Centre North's services: their provider side's work is hers too.
    expect(await dueOf('rita')).toContain('resourcePackage:review');
    expect(await dueOf('alice')).toContain('resourcePackage:rework');
    // Those with no workflow role wait for nothing.
    for (const username of ['nora', 'carla', 'desk']) expect(await dueOf(username), username).toEqual(new Set());
  });

  it('shows rita every submitted package and alice her rejected ones with the reviewer’s reason', async () => {
    const { packages } = await everything();
    const rita = await loadWaiting(database.db, byName('rita'));
    const submitted = packages.filter((pkg) => pkg.state === 'submitted');
    expect(submitted.length).toBeGreaterThan(1);
    const reviews = rita.entries.filter((entry) => entry.due === 'review');
    expect(reviews.map((entry) => entry.id).sort()).toEqual(submitted.map((pkg) => pkg.id).sort());
    const rejected = (await loadWaiting(database.db, byName('alice'))).entries.filter(
      (entry) => entry.kind === 'resourcePackage',
    );
    expect(rejected.length).toBeGreaterThan(0);
    for (const entry of rejected) {
      expect(entry).toMatchObject({ state: 'rejected', due: 'rework' });
      expect(entry.kind === 'resourcePackage' && entry.comment).toBe(
        packages.find((pkg) => pkg.id === entry.id)!.reviewComment,
      );
      expect(entry.kind === 'resourcePackage' && entry.comment).toBeTruthy();
    }
  });

  it('gives the contact database at a glance to those who read it, its latest changes first, limited', async () => {
    const carla = await loadContactDatabaseGlance(database.db, byName('carla'), 3);
    expect(carla?.contacts).toBeGreaterThan(3);
    expect(carla?.institutions).toBeGreaterThan(0);
    expect(carla?.recent).toHaveLength(3);
    const times = carla!.recent.map((row) => row.updatedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const username of ['alice', 'rita', 'nora']) {
      expect(await loadContactDatabaseGlance(database.db, byName(username), 3), username).toBeNull();
    }
  });

  it('a provider’s waiting items are their own services’ and VOs’; nora waits for nothing', async () => {
    const alice = byName('alice');
    const { relations, voRows } = await everything();
    const of = relations(alice);
    const waiting = await loadWaiting(database.db, alice);
    expect(waiting.total).toBeGreaterThan(0);
    const requestService = new Map((await everything()).requests.map((request) => [request.id, request.serviceId]));
    for (const entry of waiting.entries) {
      if (entry.kind === 'vo') {
        expect(
          voActorContext(
            alice,
            voRows.find((vo) => vo.id === entry.id)!,
          ).isManager,
        ).toBe(true);
        continue;
      }
      if (entry.kind === 'resourcePackage') {
        expect(isProviderSide(of.get(entry.serviceId)!.relation), entry.name).toBe(true);
        continue;
      }
      const serviceId = entry.kind === 'changeRequest' ? requestService.get(entry.id)! : entry.id;
      expect(isProviderSide(of.get(serviceId)!.relation), entry.name).toBe(true);
    }
    expect(await loadWaiting(database.db, byName('nora'))).toEqual({ entries: [], total: 0 });
  });

  it('counts per state and centre exactly the services the caller may see', async () => {
    const { relations } = await everything();
    for (const principal of principals) {
      const counts = await serviceCountsQuery(database.db, principal);
      const visible = [...relations(principal).values()].filter(({ relation }) => canSeeService(relation));
      const key = (state: string, centre: string | null) => `${state}|${centre}`;
      const expected = new Map<string, number>();
      for (const { row } of visible) {
        const k = key(row.state, row.providerInstitutionId);
        expected.set(k, (expected.get(k) ?? 0) + 1);
      }
      expect(new Map(counts.map((row) => [key(row.state, row.institutionId), row.count])), principal.username).toEqual(
        expected,
      );
    }
  });

  it('a provider counts their own drafts but no one else’s, and lists only their own services; nora sees nothing', async () => {
    const { relations } = await everything();
    for (const username of ['alice', 'bob']) {
      const principal = byName(username);
      const of = [...relations(principal).values()];
      const counts = await serviceCountsQuery(database.db, principal);
      const drafts = counts.filter((row) => row.state === 'application_draft').reduce((sum, row) => sum + row.count, 0);
      const ownDrafts = of.filter(
        ({ row, relation }) => row.state === 'application_draft' && isProviderSide(relation),
      ).length;
      expect(drafts, username).toBe(ownDrafts);
      const allDrafts = of.filter(({ row }) => row.state === 'application_draft').length;
      expect(allDrafts).toBeGreaterThan(ownDrafts);

      const mine = await loadMyServices(database.db, principal, DASHBOARD_LIMITS.myServices);
      const own = of.filter(({ relation }) => isProviderSide(relation));
      expect(mine.total, username).toBe(own.length);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.rows.length).toBe(Math.min(own.length, DASHBOARD_LIMITS.myServices));
      for (const row of mine.rows) expect(isProviderSide(relations(principal).get(row.id)!.relation)).toBe(true);
      // Last changed first, ties by id.
      const order = mine.rows.map((row) => [row.updatedAt.getTime(), row.id] as const);
      expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0)));
    }
    const nora = byName('nora');
    expect(await serviceCountsQuery(database.db, nora)).toEqual([]);
    expect(await loadMyServices(database.db, nora, DASHBOARD_LIMITS.myServices)).toEqual({ rows: [], total: 0 });
    expect(await loadRecentActivity(database.db, nora, DASHBOARD_LIMITS.activity)).toEqual([]);
  });

  it('lists the latest events the caller may read, newest first', async () => {
    const { relations } = await everything();
    const admin = await loadRecentActivity(database.db, byName('only-portalManager'), DASHBOARD_LIMITS.activity);
    expect(admin.length).toBe(DASHBOARD_LIMITS.activity);
    for (const username of ['alice', 'paula', 'ivan', 'carla', 'sven', 'victor']) {
      const principal = byName(username);
      const events = await loadRecentActivity(database.db, principal, DASHBOARD_LIMITS.activity);
      const of = relations(principal);
      for (const event of events) {
        if (event.objectType === 'service') expect(canSeeService(of.get(event.objectId)!.relation)).toBe(true);
        else expect(['contact', 'institution', 'vo'], username).toContain(event.objectType);
      }
      const times = events.map((event) => event.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });
});
