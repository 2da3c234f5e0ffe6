import type { ResourcePackageState, ServiceState } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePackages, resourceTypes, services as servicesTable } from '../db/schema.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedInstitutions } from '../test/services-fixtures.js';

interface PublicList {
  items: {
    name: string;
    service: { serviceId: string; name: string };
    provider: string;
    type: { key: string; name: { en: string; de: string } };
    quota: number;
    policy: unknown;
    approvedAt: string;
  }[];
  total: number;
  page: number;
  pageSize: number;
}

describe('the public read of resource packages', () => {
  let test: TestApp;
  const serviceIds = new Map<string, string>();

  const read = (query: Record<string, string | number> = {}) =>
    test.app.inject({ method: 'GET', url: '/api/public/resource-packages', query: query as Record<string, string> });
  const names = (list: PublicList) => list.items.map((item) => `${item.service.name}: ${item.name}`);

  beforeAll(async () => {
    test = await createTestApp();
    const principals = await seedPrincipals(test);
    const institutionIds = await seedInstitutions(test.database.db);
    const ownerId = principals.find((p) => p.username === 'alice')!.id;
    const db = test.database.db;
    const [compute, storage] = await db
      .insert(resourceTypes)
      .values(
        (['hpc-core-hours', 's3-storage'] as const).map((key) => ({
          key,
          name: { en: key, de: key },
          description: { en: key, de: key },
          quotaUnit: { en: 'units', de: 'Einheiten' },
          schema: { type: 'object' },
        })),
      )
      .returning();
    const services: [string, ServiceState][] = [
      ['Batch Computing', 'service_online'],
      ['Archive', 'service_full_capacity_reached'],
      ['Scratch', 'service_not_available'],
      ['Planned Cloud', 'service_information_draft'],
      ['Old Grid', 'service_retired'],
      ['Tape', 'service_discontinued'],
    ];
    for (const [name, state] of services) {
      const row = await createServiceInState(db, {
        objectOwnerId: ownerId,
        name,
        state,
        providerInstitutionId: institutionIds.HPCN,
      });
      serviceIds.set(name, row.serviceId);
    }
    const packages: [string, string, ResourcePackageState, typeof compute][] = [
      ['Batch Computing', 'Standard', 'approved', compute],
      ['Batch Computing', 'Large', 'approved', compute],
      ['Batch Computing', 'Bucket', 'approved', storage],
      ['Batch Computing', 'Draft one', 'draft', compute],
      ['Batch Computing', 'Waiting one', 'submitted', compute],
      ['Batch Computing', 'Refused one', 'rejected', compute],
      ['Archive', 'Cold', 'approved', storage],
      ['Scratch', 'Fast', 'approved', storage],
      ['Planned Cloud', 'Early', 'approved', compute],
      ['Old Grid', 'Gone', 'approved', compute],
      ['Tape', 'Ended', 'approved', storage],
    ];
    const rows = await db.select().from(servicesTable);
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    const decidedAt = new Date('2026-03-01T10:00:00Z');
    await db.insert(resourcePackages).values(
      packages.map(([service, name, state, type]) => ({
        serviceId: byName.get(service)!,
        typeId: type!.id,
        name,
        quota: 10,
        policyNames: [name.toLowerCase()],
        policy: { name },
        state,
        submittedAt: state === 'draft' ? null : decidedAt,
        decidedAt: state === 'approved' || state === 'rejected' ? decidedAt : null,
      })),
    );
  });
  afterAll(() => test.close());

  it('shows only approved packages of services in the catalogue, by service then package name, without a login', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    const list = response.json<PublicList>();
    expect(names(list)).toEqual([
      'Archive: Cold',
      'Batch Computing: Bucket',
      'Batch Computing: Large',
      'Batch Computing: Standard',
      'Scratch: Fast',
    ]);
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: 50 });
    expect(list.items[0]).toMatchObject({
      provider: expect.stringMatching(/\S/),
      type: { key: 's3-storage' },
      quota: 10,
      policy: { name: 'Cold' },
      approvedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(names((await read({ order: 'desc' })).json<PublicList>())[0]).toBe('Scratch: Fast');
  });

  it('filters by the service ID and the type key', async () => {
    const batch = (await read({ service: serviceIds.get('Batch Computing')! })).json<PublicList>();
    expect(names(batch)).toEqual(['Batch Computing: Bucket', 'Batch Computing: Large', 'Batch Computing: Standard']);
    const storage = (await read({ type: 's3-storage' })).json<PublicList>();
    expect(names(storage)).toEqual(['Archive: Cold', 'Batch Computing: Bucket', 'Scratch: Fast']);
    const both = (
      await read({ service: serviceIds.get('Batch Computing')!, type: 'hpc-core-hours' })
    ).json<PublicList>();
    expect(names(both)).toEqual(['Batch Computing: Large', 'Batch Computing: Standard']);
    expect((await read({ service: serviceIds.get('Planned Cloud')! })).json<PublicList>()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await read({ type: 'no-such-type' })).json<PublicList>().total).toBe(0);
  });

  it('pages', async () => {
    const first = (await read({ pageSize: 2 })).json<PublicList>();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first)).toEqual(['Archive: Cold', 'Batch Computing: Bucket']);
    const third = (await read({ pageSize: 2, page: 3 })).json<PublicList>();
    expect(names(third)).toEqual(['Scratch: Fast']);
    expect((await read({ pageSize: 2, page: 9 })).json<PublicList>()).toMatchObject({ items: [], total: 5 });
  });

  it('answers 400 for a query it does not take', async () => {
    const queries: Record<string, string | number>[] = [
      { pageSize: 101 },
      { page: 0 },
      { page: 'x' },
      { sort: 'quota' },
      { order: 'up' },
      { q: 'x' },
    ];
    for (const query of queries) {
      const response = await read(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect((await read({ service: 'x'.repeat(51) })).statusCode).toBe(400);
  });
});
