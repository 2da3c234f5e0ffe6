import { parseAuditEvent, RESOURCE_PACKAGE_STATES } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { auditEvents, resourcePackages, resourceTypes } from '../db/schema.js';
import { PolicySchemas } from '../json-schema/policy-schemas.js';
import { openTestDatabase } from '../test/harness.js';
import { generateResourcePackages } from './generate-resource-packages.js';
import { seedDemoData } from './seed-demo-data.js';

describe('generated resource packages', () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { issuer: null, entitlements: { prefix: '', map: {} } });
    const result = await generateResourcePackages(database.db, { count: 250, batchSize: 100 });
    expect(result.generated).toBe(250);
  });
  afterAll(() => database.drop());

  it('adds packages in every state whose policies fit their types, each with a readable event', async () => {
    const rows = await database.db
      .select({ row: resourcePackages, type: resourceTypes })
      .from(resourcePackages)
      .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId));
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(new Set(rows.map((r) => r.row.state))).toEqual(new Set(RESOURCE_PACKAGE_STATES));
    const schemas = new PolicySchemas();
    const generated = rows.filter((r) => r.type.key.startsWith('generated-'));
    expect(generated).toHaveLength(250);
    expect(generated.filter((r) => schemas.violations(r.type, r.row.policy).length > 0)).toEqual([]);
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'resourcePackage.created'));
    expect(events.length).toBeGreaterThanOrEqual(250);
    expect(events.filter((e) => parseAuditEvent(e) === null)).toEqual([]);
  });

  it('runs again beside what it made before', async () => {
    await generateResourcePackages(database.db, { count: 10, seed: 2 });
    const rows = await database.db.select().from(resourcePackages);
    expect(rows.length).toBeGreaterThanOrEqual(260);
  });
});
