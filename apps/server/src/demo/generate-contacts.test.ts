import { parseAuditEvent } from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { auditEvents, contactAddresses, contacts } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { generateContacts } from './generate-contacts.js';
import { seedDemoData } from './seed-demo-data.js';

describe('generated contacts', () => {
  let database: Database & { drop(): Promise<void> };
  let before: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { issuer: null, entitlements: { prefix: '', map: {} } });
    before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]!.n;
    const result = await generateContacts(database.db, { count: 300, batchSize: 120 });
    expect(result.generated).toBe(300);
  });
  afterAll(() => database.drop());

  it('adds contacts with one primary address each and a readable created event', async () => {
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(contacts)) as [{ n: number }];
    expect(n).toBe(before + 300);
    const [{ primaries }] = (await database.db
      .select({ primaries: sql<number>`count(*)::int` })
      .from(contactAddresses)
      .where(eq(contactAddresses.isPrimary, true))) as [{ primaries: number }];
    expect(primaries).toBe(n);
    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'contact.created'));
    expect(events.length).toBe(n);
    expect(events.filter((e) => parseAuditEvent(e) === null)).toEqual([]);
  });
});
