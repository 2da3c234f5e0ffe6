import {
  canSeeResourcePackage,
  resourcePackageReviewQuerySchema,
  type ResourcePackageReviewQuery,
  type ServiceState,
} from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { institutions, resourcePackages, resourceTypes, serviceAdmins, services, users } from '../db/schema.js';
import type { ReviewPageRow } from '../model/resource-package.js';
import { serviceRelation } from '../policies/service-policy.js';
import { openTestDatabase } from '../test/harness.js';
import { addBareService, addPerson, byCodePoint, everyPage, minute } from '../test/list-fixtures.js';
import { seedInstitutions } from '../test/services-fixtures.js';
import { loadResourcePackageReviewPage } from './resource-package-review-list.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

let database: TestDatabase;
const people: Record<string, AuthUser> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const centres = await seedInstitutions(db);
  people.alice = await addPerson(db, 'alice', 'Alice Adler', ['serviceProvider']);
  people.bob = await addPerson(db, 'bob', 'Bob Berger', ['serviceProvider']);
  people.juergen = await addPerson(db, 'jmueller', 'Jürgen Müller', ['serviceProvider']);
  people.rita = await addPerson(db, 'rita', 'Rita Reviewer', ['resourcePackageManager']);
  people.paula = await addPerson(db, 'paula', 'Paula Peters', ['servicePortfolioManager']);
  people.admin = await addPerson(db, 'root', 'Portal Admin', ['portalManager']);
  people.nora = await addPerson(db, 'nora', 'Nora Nobody', []);
  const service = async (key: string, name: string, state: ServiceState, owner: string, provider: string) => {
    ids[key] = await addBareService(db, name, state, people[owner]!, provider);
  };
  await service('sA', 'Alpha Storage', 'service_online', 'alice', centres.KLC);
  await service('sB', 'beta compute', 'service_online', 'bob', centres.HPCN);
  // Still an application: only its provider side and the portfolio manager see the service.
  await service('sC', 'Draft App', 'application_draft', 'bob', centres.DCS);
  // A reviewer who is one of the service's admins may withdraw its packages too.
  await db.insert(serviceAdmins).values({ serviceId: ids.sA!, userId: people.rita!.id });
  const type = async (key: string) => {
    const name = { en: `Type ${key}`, de: `Typ ${key}` };
    const [row] = await db
      .insert(resourceTypes)
      .values({ key, name, description: name, quotaUnit: { en: 'TB', de: 'TB' }, schema: { type: 'object' } })
      .returning();
    ids[key] = row!.id;
  };
  await type('alpha-type');
  await type('beta-type');
  const add = async (key: string, values: Partial<typeof resourcePackages.$inferInsert>) => {
    const [row] = await db
      .insert(resourcePackages)
      .values({
        serviceId: ids.sA!,
        typeId: ids['alpha-type']!,
        name: key,
        quota: 1,
        policyNames: ['default'],
        policy: {},
        state: 'draft',
        ...values,
      })
      .returning();
    ids[key] = row!.id;
  };
  const decided = { decidedAt: minute(30), decidedById: people.rita!.id };
  const submitted = (key: string, at: number, by: string, values: Partial<typeof resourcePackages.$inferInsert>) =>
    add(key, { state: 'submitted', submittedAt: minute(at), submittedById: people[by]!.id, ...values });
  await submitted('p1', 5, 'juergen', { name: 'Größe Eins', updatedAt: minute(6) });
  await submitted('p2', 2, 'alice', {
    serviceId: ids.sB,
    typeId: ids['beta-type'],
    name: 'Zweite',
    updatedAt: minute(3),
  });
  // p3 and p4 share their last change: the id breaks the tie. p4 has no submission time.
  await add('p3', {
    name: 'approved one',
    state: 'approved',
    submittedAt: minute(1),
    submittedById: people.bob!.id,
    updatedAt: minute(20),
    ...decided,
  });
  await add('p4', { serviceId: ids.sB, name: 'Rejected', state: 'rejected', updatedAt: minute(20), ...decided });
  await add('p5', { name: 'Hidden draft', updatedAt: minute(25) });
  await submitted('p6', 9, 'bob', { serviceId: ids.sC, name: 'Nebenan', updatedAt: minute(9) });
});
afterAll(() => database.drop());

const queryOf = (input: Record<string, unknown>): ResourcePackageReviewQuery =>
  resourcePackageReviewQuerySchema.parse(input);

const everything = async (principal: AuthUser, input: Record<string, unknown> = {}, pageSize = 100) => {
  let waiting = 0;
  const whole = await everyPage(async (page, size) => {
    const answer = await loadResourcePackageReviewPage(
      database.db,
      principal,
      queryOf({ ...input, page, pageSize: size }),
    );
    waiting = answer.waiting;
    return answer;
  }, pageSize);
  return { ...whole, waiting };
};

const keysOf = (rows: readonly { id: string }[]) =>
  rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id) ?? row.id);
const keys = async (principal: AuthUser, input: Record<string, unknown> = {}) =>
  keysOf((await everything(principal, input)).items);

describe('the Resource Package Review List in the database', () => {
  it('lists the packages past their draft the caller may see, with the caller’s relation to each service', async () => {
    const packages = await database.db.select().from(resourcePackages);
    const serviceRows = await database.db.select().from(services);
    const admins = await database.db.select().from(serviceAdmins);
    const relationTo = (principal: AuthUser, serviceId: string) =>
      serviceRelation(
        principal,
        serviceRows.find((row) => row.id === serviceId)!,
        admins.filter((a) => a.serviceId === serviceId).map((a) => a.userId),
      );
    for (const principal of Object.values(people)) {
      const expected = packages.filter(
        (row) => row.state !== 'draft' && canSeeResourcePackage(relationTo(principal, row.serviceId), row.state),
      );
      const { items, total } = await everything(principal);
      expect(items.map((row) => row.id).sort(), principal.username).toEqual(expected.map((row) => row.id).sort());
      expect(total).toBe(expected.length);
      for (const row of items) expect(row.relation, principal.username).toEqual(relationTo(principal, row.service.id));
    }
    expect((await keys(people.rita!)).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p6']);
    expect((await keys(people.alice!)).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(await keys(people.nora!)).toEqual([]);
    const [p1] = (await everything(people.rita!, { q: 'größe' })).items;
    expect(p1!.relation).toMatchObject({ isAdmin: true, isObjectOwner: false, hasServiceManager: false });
  });

  it('answers each row with its service, provider, type and submitter', async () => {
    const { items } = await everything(people.rita!);
    const row = (key: string) => items.find((item) => item.id === ids[key])!;
    expect(row('p1')).toMatchObject({
      name: 'Größe Eins',
      state: 'submitted',
      service: { id: ids.sA, name: 'Alpha Storage', state: 'service_online' },
      provider: { abbreviation: 'KLC', name: 'Küstenlabor Computing' },
      type: { key: 'alpha-type', name: { en: 'Type alpha-type', de: 'Typ alpha-type' } },
      submittedBy: 'Jürgen Müller',
    });
    expect(row('p4')).toMatchObject({ submittedBy: null, submittedAt: null });
  });

  it('filters by state and type; waiting counts the submitted packages whatever the filter', async () => {
    expect((await keys(people.rita!, { state: 'submitted' })).sort()).toEqual(['p1', 'p2', 'p6']);
    expect((await keys(people.rita!, { type: 'alpha-type' })).sort()).toEqual(['p1', 'p3', 'p4', 'p6']);
    expect(await keys(people.rita!, { type: 'beta-type', state: 'submitted' })).toEqual(['p2']);
    expect(await keys(people.rita!, { type: 'no-such-type' })).toEqual([]);
    for (const filters of [{}, { state: 'approved' }, { type: 'beta-type' }, { q: 'nothing at all' }])
      expect((await everything(people.rita!, filters)).waiting, JSON.stringify(filters)).toBe(3);
    // alice may not see the application's package: it is not among hers to count.
    expect((await everything(people.alice!)).waiting).toBe(2);
  });

  it('sorts waiting packages first, oldest submission first, then the rest by latest change; descending turns it round', async () => {
    // p3 and p4 changed last at the same time: the id breaks the tie.
    const tied = keysOf([ids.p3!, ids.p4!].sort().map((id) => ({ id })));
    expect(await keys(people.rita!)).toEqual(['p2', 'p1', 'p6', ...tied]);
    const forward = await keys(people.rita!, { sort: 'waiting', order: 'asc' });
    expect(await keys(people.rita!, { sort: 'waiting', order: 'desc' })).toEqual([...forward].reverse());
  });

  it('sorts by each other key in both directions, empty values last, ties by the id', async () => {
    type Value = string | number | null;
    const value: Record<Exclude<ResourcePackageReviewQuery['sort'], 'waiting'>, (row: ReviewPageRow) => Value> = {
      submittedAt: (row) => row.submittedAt?.getTime() ?? null,
      updatedAt: (row) => row.updatedAt.getTime(),
      name: (row) => row.name.toLowerCase(),
      service: (row) => row.service.name.toLowerCase(),
      type: (row) => row.type.key,
      state: (row) => row.state,
    };
    for (const sort of ['submittedAt', 'updatedAt', 'name', 'service', 'type', 'state'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const { items } = await everything(people.rita!, { sort, order });
        const expected = [...items].sort((a, b) => {
          const [x, y] = [value[sort](a), value[sort](b)];
          if (x !== y) {
            if (x === null) return 1;
            if (y === null) return -1;
            return x < y ? -sign : sign;
          }
          return byCodePoint(a.id, b.id);
        });
        expect(keysOf(items), `${sort} ${order}`).toEqual(keysOf(expected));
      }
    expect((await keys(people.rita!, { sort: 'submittedAt', order: 'desc' })).at(-1)).toBe('p4');
    expect((await keys(people.rita!, { sort: 'submittedAt', order: 'asc' })).at(-1)).toBe('p4');
    const tied = keysOf([ids.p3!, ids.p4!].sort().map((id) => ({ id })));
    expect((await keys(people.rita!, { sort: 'updatedAt', order: 'desc' })).slice(0, 2)).toEqual(tied);
  });

  it('pages without overlap or gap, each page with the total', async () => {
    for (const sort of ['waiting', 'name', 'submittedAt'] as const) {
      const whole = await everything(people.rita!, { sort });
      const byTwo = await everything(people.rita!, { sort }, 2);
      expect(byTwo.items.map((row) => row.id)).toEqual(whole.items.map((row) => row.id));
      expect(byTwo.total).toBe(5);
    }
    const past = await loadResourcePackageReviewPage(database.db, people.rita!, queryOf({ page: 4, pageSize: 2 }));
    expect(past).toEqual({ items: [], total: 5, waiting: 3 });
  });

  it('searches package name, service, provider and submitter: every word on some side, umlauts folded', async () => {
    const found = async (q: string) => (await keys(people.rita!, { q })).sort();
    for (const q of ['größe', 'grosse', 'GROESSE', 'grö']) expect(await found(q), q).toEqual(['p1']);
    for (const q of ['küsten', 'kusten', 'kuesten', 'klc']) expect(await found(q), q).toEqual(['p1', 'p3']);
    for (const q of ['mül', 'mueller', 'jmuel']) expect(await found(q), q).toEqual(['p1']);
    expect(await found('alpha')).toEqual(['p1', 'p3']);
    expect(await found('beta zweite')).toEqual(['p2']);
    expect(await found('müller küsten eins')).toEqual(['p1']);
    expect(await found('bob')).toEqual(['p3', 'p6']);
    expect(await found('hidden')).toEqual([]);
    expect(await found('paula')).toEqual([]);
    expect(await found('weite')).toEqual([]);
    expect(await keys(people.rita!, { q: 'küsten', state: 'approved' })).toEqual(['p3']);
    // A searched page counts every match, not only the rows it shows.
    const page = await loadResourcePackageReviewPage(database.db, people.rita!, queryOf({ q: 'alpha', pageSize: 1 }));
    expect({ rows: page.items.length, total: page.total, waiting: page.waiting }).toEqual({
      rows: 1,
      total: 2,
      waiting: 3,
    });
  });

  // Last: it renames what the other tests search for.
  it("follows a rename of a package's service, provider or submitter in its search", async () => {
    const { db } = database;
    const found = async (q: string) => (await keys(people.rita!, { q })).sort();
    const byService = async () =>
      (await everything(people.rita!, { sort: 'service' })).items.map((row) => row.service.name);
    expect((await byService())[0]).toBe('Alpha Storage');
    await db.update(services).set({ name: 'Gamma Speicher' }).where(eq(services.id, ids.sA!));
    expect(await found('gamma')).toEqual(['p1', 'p3']);
    // The order by service follows the new name too.
    expect((await byService()).at(-1)).toBe('Gamma Speicher');
    expect(await found('alpha')).toEqual([]);
    await db.update(institutions).set({ name: 'Zyklopen Netz' }).where(eq(institutions.abbreviation, 'HPCN'));
    expect(await found('zyklop')).toEqual(['p2', 'p4']);
    await db.update(resourcePackages).set({ name: 'Dritte' }).where(eq(resourcePackages.id, ids.p2!));
    expect(await found('dritte')).toEqual(['p2']);
    expect(await found('zweite')).toEqual([]);
    await db.update(users).set({ fullname: 'Jürgen Schmidt' }).where(eq(users.id, people.juergen!.id));
    expect(await found('schmidt')).toEqual(['p1']);
    expect(await found('müller')).toEqual([]);
  });
});
