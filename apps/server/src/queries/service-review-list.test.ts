import {
  canSeeService,
  isBulkEligible,
  isOpenReview,
  isReviewableState,
  REVIEW_STATUSES,
  reviewListQuerySchema,
  SERVICE_STATES,
  TAB_STATES,
  type ReviewListQuery,
  type ReviewStatus,
  type ServiceState,
} from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { bulkReviewAction } from '../commands/reviews.js';
import { serviceAdmins, serviceReviews, services } from '../db/schema.js';
import { NO_REVIEW, type ServiceReviewListRow } from '../model/review.js';
import { serviceRelation } from '../policies/service-policy.js';
import { openTestDatabase } from '../test/harness.js';
import { addBareService, addPerson, byCodePoint, everyPage, minute } from '../test/list-fixtures.js';
import { seedInstitutions, type TestInstitutions } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';
import {
  loadReviewListPage,
  loadReviewsWaitingForProvider,
  reviewListPageQuery,
  reviewListTotalQuery,
} from './service-review-list.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

let database: TestDatabase;
let centres: TestInstitutions;
const people: Record<string, AuthUser> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  centres = await seedInstitutions(db);
  people.alice = await addPerson(db, 'alice', 'Alice Adler', ['serviceProvider']);
  people.bob = await addPerson(db, 'bob', 'Bob Berger', ['serviceProvider']);
  people.paula = await addPerson(db, 'paula', 'Paula Peters', ['servicePortfolioManager']);
  people.admin = await addPerson(db, 'root', 'Portal Admin', ['portalManager']);
  people.ivan = await addPerson(db, 'ivan', 'Ivan Ivanov', ['serviceIntegrationManager']);
  people.nora = await addPerson(db, 'nora', 'Nora Nobody', []);
  const service = async (
    key: string,
    name: string,
    state: ServiceState,
    owner: string,
    provider: string | null,
    review?: Partial<typeof serviceReviews.$inferInsert>,
  ) => {
    const id = await addBareService(db, name, state, people[owner]!, provider);
    ids[key] = id;
    if (review) await db.insert(serviceReviews).values({ serviceId: id, status: 'inactive', ...review });
  };
  await service('s1', 'Beta', 'service_online', 'alice', centres.HPCN, {
    status: 'running',
    startedAt: minute(5),
    startedById: people.paula!.id,
  });
  await service('s2', 'alpha', 'integration_planned', 'bob', centres.DCS);
  await service('s3', 'Gamma', 'service_information_draft', 'alice', null, {
    status: 'finishedOK',
    startedAt: minute(2),
    answeredAt: minute(3),
    answeredById: people.alice!.id,
  });
  // Left the reviewable states with its review open: listed until the review is ended.
  await service('s4', 'Delta', 'service_not_available', 'bob', centres.KLC, {
    status: 'editRequired',
    startedAt: minute(8),
  });
  await service('s5', 'Epsilon', 'service_retired', 'alice', centres.HPCN);
  // The same name as s1: the id breaks the tie.
  await service('s6', 'Beta', 'integration_in_progress', 'bob', centres.HPCN, {
    status: 'inactive',
    startedAt: minute(1),
    endedAt: minute(4),
    lastOutcome: 'finishedOK',
  });
  await service('s7', 'Zeta', 'application_draft', 'bob', centres.DCS);
  await service('s8', 'eta', 'service_online', 'bob', centres.UW, { status: 'running', startedAt: minute(5) });
  await db.insert(serviceAdmins).values({ serviceId: ids.s8!, userId: people.alice!.id });
});
afterAll(() => database.drop());

const queryOf = (input: Record<string, unknown>): ReviewListQuery => reviewListQuerySchema.parse(input);

const everything = async (principal: AuthUser, input: Record<string, unknown> = {}, pageSize = 100) => {
  let eligible = { start: 0, stop: 0, end: 0 };
  const whole = await everyPage(async (page, size) => {
    const answer = await loadReviewListPage(database.db, principal, queryOf({ ...input, page, pageSize: size }));
    eligible = answer.eligible;
    return { items: answer.rows, total: answer.total };
  }, pageSize);
  return { ...whole, eligible };
};

const keysOf = (rows: readonly { id: string }[]) =>
  rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id) ?? row.id);
const sortedKeys = async (principal: AuthUser, input: Record<string, unknown> = {}) =>
  keysOf((await everything(principal, input)).items).sort();

/** The list's rows as the rules decide them, one service at a time. */
const expectedFor = async (principal: AuthUser) => {
  const rows = await database.db.select().from(services);
  const admins = await database.db.select().from(serviceAdmins);
  const reviews = await database.db.select().from(serviceReviews);
  return rows.filter((row) => {
    const relation = serviceRelation(
      principal,
      row,
      admins.filter((a) => a.serviceId === row.id).map((a) => a.userId),
    );
    const status = reviews.find((r) => r.serviceId === row.id)?.status ?? 'inactive';
    return canSeeService(relation) && (isReviewableState(relation.state) || isOpenReview(status));
  });
};

describe('the Service Review List in the database', () => {
  it('holds the reviewable services and those with an open review that the caller may see (visibleServicesSql)', async () => {
    for (const principal of Object.values(people)) {
      const expected = await expectedFor(principal);
      const { items, total } = await everything(principal);
      expect(items.map((row) => row.id).sort(), principal.username).toEqual(expected.map((row) => row.id).sort());
      expect(total).toBe(expected.length);
    }
    expect(await sortedKeys(people.paula!)).toEqual(['s1', 's2', 's3', 's4', 's6', 's8']);
    expect(await sortedKeys(people.nora!)).toEqual([]);
  });

  it('answers each service with its provider and its review; one without a review row is inactive, version 0', async () => {
    const { items } = await everything(people.paula!);
    const row = (key: string) => items.find((item) => item.id === ids[key])!;
    expect(row('s1')).toMatchObject({
      name: 'Beta',
      state: 'service_online',
      providerAbbreviation: 'HPCN',
      providerName: 'HPC Centre North',
      review: { status: 'running', version: 1, startedAt: minute(5), startedById: people.paula!.id },
    });
    // Never reviewed: the list's SQL gives the inactive review the route of one service answers.
    expect(row('s2').review).toEqual(NO_REVIEW);
    expect(row('s3')).toMatchObject({ providerId: null, review: { answeredById: people.alice!.id } });
    expect(row('s6').review).toMatchObject({ status: 'inactive', lastOutcome: 'finishedOK', endedAt: minute(4) });
  });

  it('brings the names of the people who answered its reviews with the page, by user id', async () => {
    const { names } = await loadReviewListPage(database.db, people.paula!, queryOf({ pageSize: 50 }));
    expect(Object.fromEntries(names)).toEqual({ [people.alice!.id]: 'Alice Adler' });
    const { names: none } = await loadReviewListPage(database.db, people.paula!, queryOf({ status: 'inactive' }));
    expect(none.size).toBe(0);
  });

  it('filters by tab, state, provider and review status', async () => {
    const paula = people.paula!;
    expect(await sortedKeys(paula, { tab: 'pipeline' })).toEqual(['s2', 's3', 's6']);
    expect(await sortedKeys(paula, { tab: 'catalogue' })).toEqual(['s1', 's4', 's8']);
    expect(await sortedKeys(paula, { state: 'service_online' })).toEqual(['s1', 's8']);
    expect(await sortedKeys(paula, { tab: 'pipeline', state: 'service_online' })).toEqual([]);
    expect(await sortedKeys(paula, { provider: centres.HPCN })).toEqual(['s1', 's6']);
    expect(await sortedKeys(paula, { status: 'inactive' })).toEqual(['s2', 's6']);
    expect(await sortedKeys(paula, { status: 'running' })).toEqual(['s1', 's8']);
    expect(await sortedKeys(paula, { status: 'running', provider: centres.UW })).toEqual(['s8']);
    expect(TAB_STATES.pipeline).toContain('service_information_draft');
  });

  it('sorts by each key in both directions; ties by name A–Z, then the id', async () => {
    const statusOf = (row: ServiceReviewListRow) => REVIEW_STATUSES.indexOf(row.review.status);
    const name = (a: ServiceReviewListRow, b: ServiceReviewListRow) =>
      byCodePoint(a.name.toLowerCase(), b.name.toLowerCase()) || byCodePoint(a.id, b.id);
    const compare =
      (sort: ReviewListQuery['sort'], sign: number) => (a: ServiceReviewListRow, b: ServiceReviewListRow) => {
        switch (sort) {
          case 'name':
            return sign * name(a, b);
          case 'serviceId':
            return sign * (byCodePoint(a.serviceId, b.serviceId) || byCodePoint(a.id, b.id));
          case 'state':
            return sign * (SERVICE_STATES.indexOf(a.state) - SERVICE_STATES.indexOf(b.state)) || name(a, b);
          case 'provider': {
            const [x, y] = [
              a.providerAbbreviation?.toLowerCase() ?? null,
              b.providerAbbreviation?.toLowerCase() ?? null,
            ];
            if (x === null || y === null) return Number(x === null) - Number(y === null) || name(a, b);
            return sign * byCodePoint(x, y) || name(a, b);
          }
          case 'status':
            return sign * (statusOf(a) - statusOf(b)) || name(a, b);
          case 'startedAt': {
            const [x, y] = [a.review.startedAt?.getTime() ?? null, b.review.startedAt?.getTime() ?? null];
            if (x === null || y === null) return Number(x === null) - Number(y === null) || name(a, b);
            return sign * (x - y) || name(a, b);
          }
        }
      };
    for (const sort of ['name', 'serviceId', 'state', 'provider', 'status', 'startedAt'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const { items } = await everything(people.paula!, { sort, order });
        const expected = [...items].sort(compare(sort, order === 'asc' ? 1 : -1));
        expect(keysOf(items), `${sort} ${order}`).toEqual(keysOf(expected));
      }
    // Named the same: by id either way round for the name order's direction.
    const betas = [ids.s1!, ids.s6!].sort();
    const byName = await everything(people.paula!, { sort: 'name' });
    expect(keysOf(byName.items)).toEqual(['s2', ...keysOf(betas.map((id) => ({ id }))), 's4', 's8', 's3']);
    // Never started last both ways; s1 and s8 started together: by name.
    const started = keysOf((await everything(people.paula!, { sort: 'startedAt', order: 'desc' })).items);
    expect(started).toEqual(['s4', 's1', 's8', 's3', 's6', 's2']);
    const providers = keysOf((await everything(people.paula!, { sort: 'provider', order: 'desc' })).items);
    expect(providers.at(-1)).toBe('s3');
    // One provider's services share its sort key: in both directions they follow their names A–Z.
    for (const order of ['asc', 'desc'] as const) {
      const { items } = await everything(people.paula!, { sort: 'provider', order, provider: centres.HPCN });
      expect(keysOf(items), `provider ${order}`).toEqual(keysOf([...items].sort(compare('name', 1))));
      expect(keysOf(items)).toEqual(keysOf(betas.map((id) => ({ id }))));
    }
  });

  it('pages without overlap or gap, each page with the total and the bulk counts', async () => {
    for (const sort of ['name', 'status', 'startedAt', 'state'] as const) {
      const whole = await everything(people.paula!, { sort });
      const byTwo = await everything(people.paula!, { sort }, 2);
      expect(byTwo.items.map((row) => row.id)).toEqual(whole.items.map((row) => row.id));
      expect(byTwo.total).toBe(6);
    }
    const past = await loadReviewListPage(database.db, people.paula!, queryOf({ page: 5, pageSize: 2 }));
    expect(past).toEqual({ rows: [], total: 6, eligible: { start: 2, stop: 2, end: 4 }, names: new Map() });
  });

  it('My Services: the running reviews of the services the caller is provider side of, by name', async () => {
    const mine = async (principal: AuthUser) => keysOf(await loadReviewsWaitingForProvider(database.db, principal));
    expect(await mine(people.alice!)).toEqual(['s1', 's8']);
    expect(await mine(people.bob!)).toEqual(['s8']);
    expect(await mine(people.paula!)).toEqual([]);
  });

  it('counts what a bulk start, stop or end would take, and the bulk action takes exactly those services', async () => {
    const paula = people.paula!;
    const writes = writesFor(database);
    const eligibleKeys = async (action: 'start' | 'stop' | 'end', filters: Record<string, unknown>) =>
      keysOf(
        (await everything(paula, filters)).items.filter((row) => isBulkEligible(action, row.review.status, row.state)),
      ).sort();
    for (const filters of [{}, { tab: 'pipeline' }, { status: 'running' }, { provider: centres.HPCN }]) {
      const { eligible } = await everything(paula, filters);
      expect(eligible.start, JSON.stringify(filters)).toBe((await eligibleKeys('start', filters)).length);
      expect(eligible.stop, JSON.stringify(filters)).toBe((await eligibleKeys('stop', filters)).length);
      expect(eligible.end, JSON.stringify(filters)).toBe((await eligibleKeys('end', filters)).length);
    }
    const statusOf = async (key: string): Promise<ReviewStatus> =>
      (await database.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, ids[key]!)))[0]?.status ??
      'inactive';

    const toStart = await eligibleKeys('start', { tab: 'pipeline' });
    expect(toStart).toEqual(['s2', 's6']);
    expect(
      await bulkReviewAction(writes, paula, { action: 'start', filters: { tab: 'pipeline' }, count: toStart.length }),
    ).toBe(2);
    for (const key of toStart) expect(await statusOf(key)).toBe('running');
    expect(await statusOf('s3')).toBe('finishedOK');

    const toEnd = await eligibleKeys('end', { provider: centres.HPCN });
    expect(toEnd).toEqual(['s1', 's6']);
    await expect(
      bulkReviewAction(writes, paula, { action: 'end', filters: { provider: centres.HPCN }, count: 3 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(
      await bulkReviewAction(writes, paula, { action: 'end', filters: { provider: centres.HPCN }, count: 2 }),
    ).toBe(2);
    for (const key of toEnd) expect(await statusOf(key)).toBe('inactive');
    expect(await statusOf('s8')).toBe('running');
    expect((await everything(paula, { provider: centres.HPCN })).eligible).toEqual({ start: 2, stop: 0, end: 0 });
  });

  it('binds only what the request brings: the lists of states and statuses are written into the statements', () => {
    // A parameter per listed state cost a piece to build and to bind on every request (ADR 0110).
    const query = reviewListQuerySchema.parse({ tab: 'pipeline', sort: 'state' });
    const paula = people.paula!;
    // The page's limit, in each of its two parts and on the page itself.
    expect(reviewListPageQuery(database.db, paula, query).toSQL().params).toEqual([50, 50, 50]);
    expect(reviewListTotalQuery(database.db, paula, query).toSQL().params).toEqual([]);
    const provider = reviewListQuerySchema.parse({ provider: centres.HPCN, status: 'running' });
    expect(reviewListTotalQuery(database.db, paula, provider).toSQL().params).toEqual([
      centres.HPCN,
      'running',
      centres.HPCN,
      'running',
    ]);
  });
});
