import { canEditService, ROLES } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal, type AuthUser } from '../auth/principal.js';
import { services, users } from '../db/schema.js';
import { demoSeedOptions, seedDemoData } from '../demo/seed-demo-data.js';
import { openTestDatabase, testConfig } from '../test/harness.js';
import { loadReferenceServices } from '../test/service-list-reference.js';
import { editableServicesSql } from './service-edit-sql.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** The field list's clearable rows ask SQL; a single service's edit right is the domain's canEditService. */
describe('the edit right as SQL and in memory', () => {
  let database: TestDatabase;
  let principals: AuthUser[];

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, demoSeedOptions(testConfig()));
    const ids = await database.db.select({ id: users.id }).from(users);
    const loaded = await Promise.all(ids.map((row) => loadPrincipal(database.db, row.id)));
    principals = loaded.filter((principal) => principal !== null);
    const outsider = principals.find((principal) => principal.username === 'nora')!;
    for (const role of ROLES) principals.push({ ...outsider, username: `only-${role}`, roles: [role] });
  }, 120_000);
  afterAll(() => database.drop());

  it('agree for every demo person and service', async () => {
    const reference = await loadReferenceServices(database.db);
    let editable = 0;
    for (const principal of principals) {
      const bySql = await database.db.select({ id: services.id }).from(services).where(editableServicesSql(principal));
      const inMemory = reference.filter((service) => canEditService(service.relationOf(principal)));
      expect(bySql.map((row) => row.id).sort(), principal.username).toEqual(inMemory.map((row) => row.id).sort());
      editable += inMemory.length;
    }
    expect(editable).toBeGreaterThan(0);
  });
});
