import { CHANGE_REQUEST_STATES, parseAuditEvent } from '@nubes/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { auditEvents, changeRequestFields, changeRequests } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { generateChangeRequests } from './generate-change-requests.js';
import { seedDemoData } from './seed-demo-data.js';

describe('generated change requests', () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { issuer: null, entitlements: { prefix: '', map: {} } });
    const result = await generateChangeRequests(database.db, { count: 250, batchSize: 100 });
    expect(result.generated).toBe(250);
  });
  afterAll(() => database.drop());

  it('adds requests in every state, at most one open per service, each with fields and a readable event', async () => {
    const rows = await database.db.select().from(changeRequests);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(CHANGE_REQUEST_STATES));
    const open = await database.db
      .select({ serviceId: changeRequests.serviceId, n: sql<number>`count(*)::int` })
      .from(changeRequests)
      .where(inArray(changeRequests.state, ['draft', 'handed_in', 'released']))
      .groupBy(changeRequests.serviceId);
    expect(open.every((r) => r.n === 1)).toBe(true);
    const [fields] = await database.db.select({ n: sql<number>`count(*)::int` }).from(changeRequestFields);
    expect(fields!.n).toBeGreaterThanOrEqual(rows.length);
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'changeRequest.created'));
    expect(events.length).toBeGreaterThanOrEqual(250);
    expect(events.filter((e) => parseAuditEvent(e) === null)).toEqual([]);
  });
});
