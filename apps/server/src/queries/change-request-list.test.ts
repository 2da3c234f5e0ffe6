import { canSeeChangeRequests, changeRequestListQuerySchema, type ChangeRequestListQuery } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { changeRequestFields, changeRequests, serviceAdmins, services } from '../db/schema.js';
import type { ChangeRequestSummaryRow } from '../model/change-request.js';
import { serviceRelation } from '../policies/service-policy.js';
import { openTestDatabase } from '../test/harness.js';
import { addPerson, byCodePoint, everyPage, minute } from '../test/list-fixtures.js';
import { createServiceInState } from '../test/services-fixtures.js';
import { loadChangeRequestListPage } from './change-request-list.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

let database: TestDatabase;
const people: Record<string, AuthUser> = {};
const requests: Record<string, string> = {};
let lustreServiceId = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  people.alice = await addPerson(db, 'alice', 'Alice Adler', ['serviceProvider']);
  people.bob = await addPerson(db, 'bob', 'Bob Berger', ['serviceProvider']);
  people.juergen = await addPerson(db, 'jmueller', 'Jürgen Müller', ['serviceProvider']);
  people.paula = await addPerson(db, 'paula', 'Paula Peters', ['servicePortfolioManager']);
  people.ivan = await addPerson(db, 'ivan', 'Ivan Ivanov', ['serviceIntegrationManager']);
  people.desk = await addPerson(db, 'desk', 'Service Desk', ['cloudServiceDesk']);
  people.nora = await addPerson(db, 'nora', 'Nora Nobody', []);
  const service = (name: string, ownerId: string, state: 'service_online' | 'integration_planned') =>
    createServiceInState(db, { name, state, objectOwnerId: ownerId, fields: {}, keywordIds: [] });
  const lustre = await service('Lustre Scratch Storage', people.alice.id, 'service_online');
  const objekt = await service('Object Störage', people.bob.id, 'integration_planned');
  // Lower case: the sort by service compares lower-cased names.
  const alpha = await service('alpha compute', people.juergen.id, 'service_online');
  await db.insert(serviceAdmins).values({ serviceId: alpha.id, userId: people.alice.id });
  lustreServiceId = lustre.serviceId;
  const add = async (
    key: string,
    serviceId: string,
    values: Omit<typeof changeRequests.$inferInsert, 'serviceId'>,
    fields: string[] = [],
  ) => {
    const [row] = await db
      .insert(changeRequests)
      .values({ serviceId, ...values })
      .returning();
    requests[key] = row!.id;
    for (const fieldKey of fields)
      await db.insert(changeRequestFields).values({ changeRequestId: row!.id, fieldKey, newValue: 'x' });
  };
  // c1 and c2 share their last change, c3 and c4 their creation: the id breaks those ties.
  await add(
    'c1',
    lustre.id,
    { state: 'draft', authorId: people.alice.id, createdAt: minute(1), updatedAt: minute(10) },
    ['shortDescription', 'website'],
  );
  await add(
    'c2',
    objekt.id,
    { state: 'handed_in', authorId: people.bob.id, createdAt: minute(2), updatedAt: minute(10) },
    ['website'],
  );
  await add('c3', alpha.id, {
    state: 'released',
    authorId: people.juergen.id,
    createdAt: minute(3),
    updatedAt: minute(5),
  });
  await add('c4', lustre.id, {
    state: 'applied',
    authorId: people.ivan.id,
    fromIntegrationManager: true,
    createdAt: minute(3),
    updatedAt: minute(7),
  });
  await add('c5', objekt.id, {
    state: 'withdrawn',
    authorId: people.juergen.id,
    createdAt: minute(4),
    updatedAt: minute(2),
  });
  await add('c6', alpha.id, { state: 'applied', authorId: null, createdAt: minute(5), updatedAt: minute(1) });
});
afterAll(() => database.drop());

const queryOf = (input: Record<string, unknown>): ChangeRequestListQuery => changeRequestListQuerySchema.parse(input);

const everything = (principal: AuthUser, input: Record<string, unknown> = {}, pageSize = 100) =>
  everyPage(
    (page, size) => loadChangeRequestListPage(database.db, principal, queryOf({ ...input, page, pageSize: size })),
    pageSize,
  );

const keysOf = (rows: readonly { id: string }[]) =>
  rows.map((row) => Object.keys(requests).find((key) => requests[key] === row.id) ?? row.id);

describe('the Change Request List in the database', () => {
  it('shows each caller the requests visibleChangeRequestsSql lets through, as canSeeChangeRequests decides one', async () => {
    const serviceRows = await database.db.select().from(services);
    const admins = await database.db.select().from(serviceAdmins);
    const all = await database.db.select().from(changeRequests);
    for (const principal of Object.values(people)) {
      const expected = all.filter((request) => {
        const service = serviceRows.find((row) => row.id === request.serviceId)!;
        const adminIds = admins.filter((a) => a.serviceId === service.id).map((a) => a.userId);
        return canSeeChangeRequests(serviceRelation(principal, service, adminIds));
      });
      const { items, total } = await everything(principal);
      expect(items.map((row) => row.id).sort(), principal.username).toEqual(expected.map((row) => row.id).sort());
      expect(total).toBe(expected.length);
    }
    // alice: her own service and the one she is an admin of; bob his; nora nothing.
    expect(keysOf((await everything(people.alice!)).items).sort()).toEqual(['c1', 'c3', 'c4', 'c6']);
    expect(keysOf((await everything(people.nora!)).items)).toEqual([]);
    expect((await everything(people.ivan!)).total).toBe(6);
  });

  it('answers each row with its service, author and field count', async () => {
    const { items } = await everything(people.paula!);
    const c1 = items.find((row) => row.id === requests.c1)!;
    expect(c1).toMatchObject({
      state: 'draft',
      fromIntegrationManager: false,
      serviceName: 'Lustre Scratch Storage',
      serviceState: 'service_online',
      authorName: 'Alice Adler',
      fieldCount: 2,
    });
    expect(items.find((row) => row.id === requests.c4)).toMatchObject({ fromIntegrationManager: true, fieldCount: 0 });
    expect(items.find((row) => row.id === requests.c6)).toMatchObject({ authorName: '' });
  });

  it('filters by state and by origin', async () => {
    expect(keysOf((await everything(people.paula!, { state: 'applied' })).items)).toEqual(['c4', 'c6']);
    expect(keysOf((await everything(people.paula!, { from: 'integrationManager' })).items)).toEqual(['c4']);
    expect(keysOf((await everything(people.paula!, { from: 'provider', state: 'applied' })).items)).toEqual(['c6']);
    expect((await everything(people.alice!, { state: 'handed_in' })).total).toBe(0);
  });

  it('sorts by each key in both directions, ties broken by the newest id first', async () => {
    const value: Record<ChangeRequestListQuery['sort'], (row: ChangeRequestSummaryRow) => string | number> = {
      updatedAt: (row) => row.updatedAt.getTime(),
      createdAt: (row) => row.createdAt.getTime(),
      state: (row) => row.state,
      service: (row) => row.serviceName.toLowerCase(),
    };
    for (const sort of ['updatedAt', 'createdAt', 'state', 'service'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const { items } = await everything(people.paula!, { sort, order });
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...items].sort((a, b) => {
          const [x, y] = [value[sort](a), value[sort](b)];
          return (x < y ? -sign : x > y ? sign : 0) || byCodePoint(b.id, a.id);
        });
        expect(keysOf(items), `${sort} ${order}`).toEqual(keysOf(expected));
      }
    const newestFirst = [requests.c1!, requests.c2!].sort().reverse();
    expect((await everything(people.paula!)).items.slice(0, 2).map((row) => row.id)).toEqual(newestFirst);
    const tied = [requests.c3!, requests.c4!].sort().reverse();
    expect(
      (await everything(people.paula!, { sort: 'createdAt', order: 'asc' })).items.slice(2, 4).map((row) => row.id),
    ).toEqual(tied);
    expect(
      keysOf((await everything(people.paula!, { sort: 'service', order: 'asc' })).items)
        .slice(0, 2)
        .sort(),
    ).toEqual(['c3', 'c6']);
  });

  it('pages without overlap or gap, each page with the total', async () => {
    for (const sort of ['updatedAt', 'service'] as const) {
      const whole = await everything(people.paula!, { sort });
      const paged = await everything(people.paula!, { sort }, 4);
      expect(paged.items.map((row) => row.id)).toEqual(whole.items.map((row) => row.id));
      const byTwo = await everything(people.paula!, { sort }, 2);
      expect(byTwo.items.map((row) => row.id)).toEqual(whole.items.map((row) => row.id));
      expect(byTwo.total).toBe(6);
    }
    const past = await loadChangeRequestListPage(database.db, people.paula!, queryOf({ page: 9, pageSize: 2 }));
    expect(past).toEqual({ items: [], total: 6 });
  });

  it('searches service and author: every word begins a word of one of them, umlauts and accents folded', async () => {
    const found = async (q: string) => keysOf((await everything(people.paula!, { q })).items).sort();
    for (const q of ['mül', 'muller', 'MUELLER', 'jürgen', 'jmuel']) expect(await found(q), q).toEqual(['c3', 'c5']);
    for (const q of ['stör', 'storage', 'STORAGE']) expect(await found(q), q).toEqual(['c1', 'c2', 'c4', 'c5'].sort());
    expect(await found('lustre alice')).toEqual(['c1']);
    expect(await found('störage müller')).toEqual(['c5']);
    expect(await found(lustreServiceId.toLowerCase())).toEqual(['c1', 'c4']);
    expect(await found('ustre')).toEqual([]);
    expect(await found('lustre nobody')).toEqual([]);
    expect(await found(' - ')).toHaveLength(6);
    // The search keeps to what the caller may see, and combines with the filters.
    expect(keysOf((await everything(people.bob!, { q: 'müller' })).items)).toEqual(['c5']);
    expect(keysOf((await everything(people.paula!, { q: 'müller', state: 'released' })).items)).toEqual(['c3']);
  });

  it("follows a rename of a request's service in the order by service, searched or not", async () => {
    const { db } = database;
    const byService = async (input: Record<string, unknown> = {}) =>
      keysOf((await everything(people.paula!, { sort: 'service', order: 'asc', ...input })).items);
    expect((await byService()).slice(0, 2).sort()).toEqual(['c3', 'c6']);
    await db.update(services).set({ name: 'Zeta Compute' }).where(eq(services.name, 'alpha compute'));
    expect((await byService()).slice(-2).sort()).toEqual(['c3', 'c6']);
    expect((await byService({ order: 'desc' })).slice(0, 2)).toEqual(
      [requests.c3!, requests.c6!]
        .sort()
        .reverse()
        .map((id) => keysOf([{ id }])[0]),
    );
    expect(await byService({ q: 'compute' })).toEqual(
      [requests.c3!, requests.c6!]
        .sort()
        .reverse()
        .map((id) => keysOf([{ id }])[0]),
    );
    expect((await byService({ q: 'müller' })).at(-1)).toBe('c3');
  });
});
