import { parseAuditEvent, SERVICE_STATES, validateForStep, type ServiceState } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { auditEvents, serviceKeywords, services } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { DEMO_SERVICES } from './catalogue.js';
import { generateServices, plannedStateCounts } from './generate-services.js';
import { seedDemoData } from './seed-demo-data.js';
import { passedStep } from './workflow-path.js';

const COUNT = 340;

describe('generated services', () => {
  let database: Database & { drop(): Promise<void> };
  const generatedRows = () =>
    database.db
      .select()
      .from(services)
      .where(sql`${services.id} in (select object_id::uuid from audit_events where after->>'generated' = 'true')`);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { issuer: null, entitlements: { prefix: '', map: {} } });
    const result = await generateServices(database.db, { count: COUNT, batchSize: 100 });
    expect(result.generated).toBe(COUNT);
  });
  afterAll(() => database.drop());

  it('plans counts that add up and leave no state empty', () => {
    for (const count of [17, 170, 5000, 10_000]) {
      const planned = plannedStateCounts(count);
      expect(Object.values(planned).reduce((a, b) => a + b, 0)).toBe(count);
      for (const state of SERVICE_STATES) expect(planned[state], `${count} ${state}`).toBeGreaterThan(0);
    }
  });

  it('inserts the planned number per state beside the demo services', async () => {
    const rows = await generatedRows();
    expect(rows).toHaveLength(COUNT);
    const perState = Object.fromEntries(SERVICE_STATES.map((s) => [s, 0])) as Record<ServiceState, number>;
    for (const row of rows) perState[row.state as ServiceState] += 1;
    expect(perState).toEqual(plannedStateCounts(COUNT));
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(services)) as [{ n: number }];
    expect(n).toBe(COUNT + DEMO_SERVICES.length);
  });

  it('spreads them over the centres with owners, keywords and unique service IDs', async () => {
    const rows = await generatedRows();
    expect(new Set(rows.map((r) => r.providerInstitutionId)).size).toBe(6);
    expect(rows.every((r) => r.objectOwnerId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.serviceId)).size).toBe(COUNT);
    expect(rows.every((r) => /^SVC-\d{5}$/.test(r.serviceId))).toBe(true);
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(COUNT / 2);
    const links = await database.db.select().from(serviceKeywords);
    const withKeywords = new Set(links.map((l) => l.serviceId));
    expect(rows.every((r) => withKeywords.has(r.id))).toBe(true);
  });

  it('gives them values valid for their state and a history entry each', async () => {
    const rows = await generatedRows();
    for (const row of rows.slice(0, 120)) {
      const keywordIds = (
        await database.db.select().from(serviceKeywords).where(eq(serviceKeywords.serviceId, row.id))
      ).map((k) => k.keywordId);
      const step = passedStep(row.state as ServiceState);
      if (step) expect(validateForStep({ ...row.fields, keywords: keywordIds }, step), row.state).toEqual({});
      if (step && step !== 'application') expect(row.weightedScore).toBeGreaterThan(0);
    }
    const [{ n }] = (await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(sql`${auditEvents.after}->>'generated' = 'true'`)) as [{ n: number }];
    expect(n).toBe(COUNT);
    // Written in bulk by SQL, not through recordAuditEvents: the union must read them all the same.
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.after}->>'generated' = 'true'`);
    expect(events.filter((event) => parseAuditEvent(event) === null)).toEqual([]);
  });
});
