import { canReadVo, canSeeChangeRequests, canSeeResourcePackage, canSeeService } from '@nubes/domain';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { changeRequests, resourcePackages, serviceAdmins, services, vos } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { seedDemoPrincipals } from '../test/demo-principals.js';
import { serviceRelation } from './service-policy.js';
import {
  visibleChangeRequestsOfServiceSql,
  visibleChangeRequestsSql,
  visibleResourcePackagesSql,
  visibleSubmittedPackagesSql,
  visibleServicesSql,
  visibleVosSql,
} from './visibility-sql.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * The lists ask the database with the SQL form of the domain's visibility rules; a single object
 * is checked with their in-memory form. Both must agree for every demo person and object, and
 * for a person holding each role alone (whose relations are none).
 */
describe('visibility as SQL and in memory', () => {
  let database: TestDatabase;
  let principals: AuthUser[];

  beforeAll(async () => {
    database = await openTestDatabase();
    principals = await seedDemoPrincipals(database.db);
    expect(principals.length).toBeGreaterThan(20);
  }, 120_000);
  afterAll(() => database.drop());

  const relationsOf = async () => {
    const rows = await database.db.select().from(services);
    const admins = await database.db.select().from(serviceAdmins);
    return (principal: AuthUser) =>
      new Map(
        rows.map((row) => [
          row.id,
          serviceRelation(
            principal,
            row,
            admins.filter((admin) => admin.serviceId === row.id).map((admin) => admin.userId),
          ),
        ]),
      );
  };

  const sorted = (ids: Iterable<string>) => [...ids].sort();

  it('services', async () => {
    const relations = await relationsOf();
    let seen = 0;
    for (const principal of principals) {
      const bySql = await database.db.select({ id: services.id }).from(services).where(visibleServicesSql(principal));
      const inMemory = [...relations(principal)].filter(([, relation]) => canSeeService(relation)).map(([id]) => id);
      expect(sorted(bySql.map((row) => row.id)), principal.username).toEqual(sorted(inMemory));
      seen += inMemory.length;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('resource packages', async () => {
    const relations = await relationsOf();
    const packages = await database.db.select().from(resourcePackages);
    expect(packages.length).toBeGreaterThan(10);
    for (const principal of principals) {
      const bySql = await database.db
        .select({ id: resourcePackages.id })
        .from(resourcePackages)
        .innerJoin(services, eq(services.id, resourcePackages.serviceId))
        .where(visibleResourcePackagesSql(principal));
      const relation = relations(principal);
      const inMemory = packages.filter((row) => canSeeResourcePackage(relation.get(row.serviceId)!, row.state));
      expect(sorted(bySql.map((row) => row.id)), principal.username).toEqual(sorted(inMemory.map((row) => row.id)));
      // The review list's form: the packages past their draft, over resource_packages alone.
      const submittedBySql = await database.db
        .select({ id: resourcePackages.id })
        .from(resourcePackages)
        .where(and(ne(resourcePackages.state, 'draft'), visibleSubmittedPackagesSql(principal)));
      expect(sorted(submittedBySql.map((row) => row.id)), principal.username).toEqual(
        sorted(inMemory.filter((row) => row.state !== 'draft').map((row) => row.id)),
      );
    }
  });

  it('change requests', async () => {
    const relations = await relationsOf();
    const requests = await database.db.select().from(changeRequests);
    expect(requests.length).toBeGreaterThan(3);
    for (const principal of principals) {
      const bySql = await database.db
        .select({ id: changeRequests.id })
        .from(changeRequests)
        .innerJoin(services, eq(services.id, changeRequests.serviceId))
        .where(visibleChangeRequestsSql(principal));
      const relation = relations(principal);
      const inMemory = requests.filter((row) => canSeeChangeRequests(relation.get(row.serviceId)!));
      expect(sorted(bySql.map((row) => row.id)), principal.username).toEqual(sorted(inMemory.map((row) => row.id)));
      // The list's form, over change_requests alone.
      const ofServiceBySql = await database.db
        .select({ id: changeRequests.id })
        .from(changeRequests)
        .where(visibleChangeRequestsOfServiceSql(principal));
      expect(sorted(ofServiceBySql.map((row) => row.id)), principal.username).toEqual(
        sorted(inMemory.map((row) => row.id)),
      );
    }
  });

  it('VOs', async () => {
    const rows = await database.db.select().from(vos);
    expect(rows.length).toBeGreaterThan(2);
    for (const principal of principals) {
      const bySql = await database.db.select({ id: vos.id }).from(vos).where(visibleVosSql(principal));
      const inMemory = rows.filter((row) =>
        canReadVo({
          roles: principal.roles,
          isManager: row.applicantId === principal.id || row.deputyId === principal.id,
        }),
      );
      expect(sorted(bySql.map((row) => row.id)), principal.username).toEqual(sorted(inMemory.map((row) => row.id)));
    }
  });
});
