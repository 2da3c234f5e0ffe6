import { canEditService } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import { services } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { seedDemoPrincipals } from '../test/demo-principals.js';
import { loadReferenceServices } from '../test/service-list-reference.js';
import { editableServicesSql } from './service-edit-sql.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** The field list's clearable rows ask SQL; a single service's edit right is the domain's canEditService. */
describe('the edit right as SQL and in memory', () => {
  let database: TestDatabase;
  let principals: AuthUser[];

  beforeAll(async () => {
    database = await openTestDatabase();
    principals = await seedDemoPrincipals(database.db);
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
