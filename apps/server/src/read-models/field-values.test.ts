import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../db/schema.js';
import { serviceCachesFor } from '../http/service-caches.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { createFieldValueCache, PREVIEW_LENGTH } from './field-values.js';
import type { ServiceListRow } from './service-list-snapshot.js';

describe('field value cache', () => {
  let test: TestApp;
  let world: ServiceWorld;

  beforeAll(async () => {
    test = await createTestApp();
    world = await seedServiceWorld(test, await seedPrincipals(test));
  });
  afterAll(() => test.close());

  const rowsNow = async () => {
    const snapshot = await serviceCachesFor(test.database, () => undefined).serviceIndex.snapshot();
    const principal = { id: world.people.paula!.id, username: 'paula', roles: ['servicePortfolioManager'] };
    return snapshot.query({}, { principal, institutionId: null }, 'name', 'asc', {
      limit: Number.POSITIVE_INFINITY,
      offset: 0,
    }).rows;
  };

  it('keeps a short value per service and reads again only what the snapshot shows changed', async () => {
    const long = 'x'.repeat(PREVIEW_LENGTH + 50);
    const withValue = await createServiceInState(test.database.db, {
      objectOwnerId: world.people.alice!.id,
      fields: { remarks: long },
    });
    const without = await createServiceInState(test.database.db, { objectOwnerId: world.people.alice!.id, fields: {} });
    const cache = createFieldValueCache(test.database.db);
    const first = await cache.of('remarks', await rowsNow());
    expect(first.rows.map((row) => row.id)).toEqual([withValue.id]);
    expect(first.preview(first.rows[0]!)).toBe(`${'x'.repeat(PREVIEW_LENGTH)}…`);

    // Written past the pipeline without a new version: the cache does not look.
    await test.database.db
      .update(services)
      .set({ fields: sql`'{"remarks": "quiet"}'::jsonb` })
      .where(eq(services.id, without.id));
    expect((await cache.of('remarks', await rowsNow())).rows).toHaveLength(1);

    // A new version in the snapshot: read again.
    const rows = await rowsNow();
    const bumped = rows.map((row): ServiceListRow =>
      row.id === without.id ? { ...row, version: row.version + 1 } : row,
    );
    await test.database.db
      .update(services)
      .set({ version: sql`version + 1` })
      .where(eq(services.id, without.id));
    const again = await cache.of('remarks', bumped);
    expect(again.rows.map((row) => row.id).sort()).toEqual([withValue.id, without.id].sort());
    expect(again.preview(again.rows.find((row) => row.id === without.id)!)).toBe('quiet');
  });
});
