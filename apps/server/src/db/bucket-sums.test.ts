import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldBuckets } from '../read-models/version-diff.js';
import type { Db } from './client.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { lookAt, versionsInBuckets, type BucketSums } from './bucket-sums.js';
import { contacts, rowVersionSums, services } from './schema.js';

let test: TestApp;
let world: ServiceWorld;
const table = { table: services, id: services.id, version: services.version };

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
  for (let i = 0; i < 20; i += 1)
    await createServiceInState(test.database.db, { state: 'application_draft', objectOwnerId: world.people.alice!.id });
});
afterAll(() => test.close());

/** The sums per bucket the database keeps, from a look that holds nothing current. */
const bucketSums = async (db: Db, source: 'contacts' | 'services'): Promise<BucketSums[]> =>
  (await lookAt(db, source, sql`'-'`, 'no fingerprint held')).buckets!;

/** The services as the database holds them, as a list in memory would hold them. */
const held = async (): Promise<HeldBuckets> => {
  const rows = await test.database.db.select({ id: services.id, version: services.version }).from(services);
  return HeldBuckets.of((visit) => {
    for (const row of rows) visit(row.id, row.version);
  });
};

/** The sums as a pass over every row of the table gives them: what the triggers' sums must equal. */
const summedOver = async (source: 'contacts' | 'services'): Promise<BucketSums[]> => {
  const result = await test.database.db.execute(sql`
    select left(id::text, 2) as bucket, count(*)::int as count, sum(version)::float8 as versions,
      sum(('x' || left(id::text, 7))::bit(28)::int)::float8 as ids
    from ${sql.identifier(source)} group by 1`);
  return (result as unknown as { rows: BucketSums[] }).rows;
};

const byBucket = (sums: readonly BucketSums[]) => [...sums].sort((a, b) => a.bucket.localeCompare(b.bucket));

const expectKeptSumsRight = async (source: 'contacts' | 'services') =>
  expect(byBucket(await bucketSums(test.database.db, source))).toEqual(byBucket(await summedOver(source)));

const keptRows = async (source: 'contacts' | 'services') =>
  (await test.database.db.select().from(rowVersionSums).where(eq(rowVersionSums.source, source))).length;

const newContact = (n: number) => ({ firstname: `First${n}`, lastname: `Last${n}`, email: `person${n}@example.org` });

describe('bucket sums', () => {
  it('the database sums the buckets as the rows held in memory are summed, and a change moves its bucket only', async () => {
    const { db } = test.database;
    const before = await held();
    expect(before.differing(await bucketSums(db, 'services'))).toEqual(new Set());

    const [changed] = await db
      .update(services)
      .set({ version: sql`${services.version} + 1` })
      .where(eq(services.id, (await db.select({ id: services.id }).from(services).limit(1))[0]!.id))
      .returning({ id: services.id, version: services.version });
    const buckets = before.differing(await bucketSums(db, 'services'));
    expect(buckets).toEqual(new Set([changed!.id.slice(0, 2)]));
    const versions = await versionsInBuckets(db, table, [...buckets]);
    expect(versions.get(changed!.id)).toBe(changed!.version);
    expect([...versions.keys()].every((id) => id.startsWith(changed!.id.slice(0, 2)))).toBe(true);
  });

  it('a look brings the buckets along only when the fingerprint is not the one held', async () => {
    const { db } = test.database;
    const besides = sql`(select count(*) || '' from ${services})`;
    const first = await lookAt(db, 'services', besides, null);
    expect(first.buckets).toBeNull();
    expect(first.besides).toBe(String((await db.select({ id: services.id }).from(services)).length));
    expect(first.fingerprint.endsWith(`|${first.besides}`)).toBe(true);
    expect(await lookAt(db, 'services', besides, first.fingerprint)).toEqual(first);

    const [one] = await db.select({ id: services.id }).from(services).limit(1);
    await db
      .update(services)
      .set({ version: sql`${services.version} + 1` })
      .where(eq(services.id, one!.id));
    const after = await lookAt(db, 'services', besides, first.fingerprint);
    expect(after.fingerprint).not.toBe(first.fingerprint);
    expect(byBucket(after.buckets!)).toEqual(byBucket(await summedOver('services')));
    // A whole read that follows needs no buckets, whatever changed.
    expect((await lookAt(db, 'services', besides, null)).buckets).toBeNull();
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

describe('the sums the triggers keep (row_version_sums)', () => {
  it('follow inserts of many rows at once, raised versions, deletes, and leave an update without a new version out', async () => {
    const { db } = test.database;
    await expectKeptSumsRight('services');
    const added = await db
      .insert(contacts)
      .values(Array.from({ length: 300 }, (_, n) => newContact(n)))
      .returning({ id: contacts.id });
    await expectKeptSumsRight('contacts');

    await db
      .update(contacts)
      .set({ version: sql`${contacts.version} + 2` })
      .where(
        sql`${contacts.id} in (${sql.join(
          added.slice(0, 40).map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
    await expectKeptSumsRight('contacts');

    const rowsBefore = await keptRows('contacts');
    await db.update(contacts).set({ notes: 'Same version' }).where(eq(contacts.id, added[50]!.id));
    expect(await keptRows('contacts')).toBe(rowsBefore);

    await db.delete(contacts).where(eq(contacts.id, added[60]!.id));
    await db.delete(contacts).where(sql`${contacts.id} in (${sql`${added[61]!.id}`}, ${sql`${added[62]!.id}`})`);
    await expectKeptSumsRight('contacts');
    await expectKeptSumsRight('services');
  });

  it('fold into one row per bucket with the same sums, also every five hundredth statement on their own', async () => {
    const { db } = test.database;
    for (let n = 0; n < 20; n += 1) await db.insert(contacts).values(newContact(1000 + n));
    const sums = byBucket(await bucketSums(db, 'contacts'));
    await db.execute(sql`select row_version_sums_fold('contacts')`);
    expect(await keptRows('contacts')).toBe(sums.length);
    expect(byBucket(await bucketSums(db, 'contacts'))).toEqual(sums);

    // A statement that touches many buckets folds at once: an import leaves one row per bucket.
    await db.insert(contacts).values(Array.from({ length: 200 }, (_, n) => newContact(1500 + n)));
    expect(await keptRows('contacts')).toBe((await bucketSums(db, 'contacts')).length);
    await expectKeptSumsRight('contacts');
    const sumsAfterImport = (await bucketSums(db, 'contacts')).length;
    await db.insert(contacts).values(Array.from({ length: 3 }, (_, n) => newContact(1800 + n)));
    expect(await keptRows('contacts')).toBeGreaterThan(sumsAfterImport);

    // 500 statements: one of them folds, so the rows stay far fewer than the statements.
    for (let n = 0; n < 500; n += 1) await db.insert(contacts).values(newContact(2000 + n));
    expect(await keptRows('contacts')).toBeLessThan(sums.length + 500);
    await expectKeptSumsRight('contacts');
  });

  it('stay right under concurrent writers and folds', async () => {
    const { db } = test.database;
    const ids = (await db.select({ id: services.id }).from(services)).map((row) => row.id);
    const writer = async (id: string) => {
      for (let n = 0; n < 10; n += 1)
        await db.transaction(async (tx) => {
          await tx
            .update(services)
            .set({ version: sql`${services.version} + 1` })
            .where(eq(services.id, id));
          if (n % 3 === 0) await tx.execute(sql`select row_version_sums_fold('services')`);
        });
    };
    await Promise.all(ids.map(writer));
    await expectKeptSumsRight('services');
  });

  it('start empty after the table is emptied by TRUNCATE', async () => {
    const { db } = test.database;
    await db.execute(sql`truncate ${contacts} cascade`);
    expect(await bucketSums(db, 'contacts')).toEqual([]);
    expect(await keptRows('contacts')).toBe(0);
    await db.insert(contacts).values(newContact(9000));
    await expectKeptSumsRight('contacts');
  });
});
