import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingBuckets, type HeldVersions } from '../read-models/version-diff.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld } from '../test/services-fixtures.js';
import { bucketSums, versionsInBuckets } from './bucket-sums.js';
import { services } from './schema.js';

let test: TestApp;
const table = { table: services, id: services.id, version: services.version };

beforeAll(async () => {
  test = await createTestApp();
  const world = await seedServiceWorld(test, await seedPrincipals(test));
  for (let i = 0; i < 20; i += 1)
    await createServiceInState(test.database.db, { state: 'application_draft', objectOwnerId: world.people.alice!.id });
});
afterAll(() => test.close());

/** The services as the database holds them, as a list in memory would hold them. */
const held = async (): Promise<HeldVersions> => {
  const rows = await test.database.db.select({ id: services.id, version: services.version }).from(services);
  return (visit) => {
    for (const row of rows) visit(row.id, row.version);
  };
};

describe('bucket sums', () => {
  it('the database sums the buckets as the rows held in memory are summed, and a change moves its bucket only', async () => {
    const { db } = test.database;
    const before = await held();
    expect(differingBuckets(before, await bucketSums(db, table))).toEqual(new Set());

    const [changed] = await db
      .update(services)
      .set({ version: sql`${services.version} + 1` })
      .where(eq(services.id, (await db.select({ id: services.id }).from(services).limit(1))[0]!.id))
      .returning({ id: services.id, version: services.version });
    const buckets = differingBuckets(before, await bucketSums(db, table));
    expect(buckets).toEqual(new Set([changed!.id.slice(0, 2)]));
    const versions = await versionsInBuckets(db, table, [...buckets]);
    expect(versions.get(changed!.id)).toBe(changed!.version);
    expect([...versions.keys()].every((id) => id.startsWith(changed!.id.slice(0, 2)))).toBe(true);
  });

  it('the buckets’ ranges of ids hold every row exactly once, the last bucket too', async () => {
    const { db } = test.database;
    const all = await db.select({ id: services.id }).from(services);
    const buckets = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
    const found = await Promise.all(buckets.map((bucket) => versionsInBuckets(db, table, [bucket])));
    found.forEach((versions, n) => expect([...versions.keys()].every((id) => id.startsWith(buckets[n]!))).toBe(true));
    expect(found.flatMap((versions) => [...versions.keys()]).sort()).toEqual(all.map((row) => row.id).sort());
    const whole = await versionsInBuckets(db, table, buckets);
    expect(whole.size).toBe(all.length);
  });
});
