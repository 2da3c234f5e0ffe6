import type { EoscService } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eoscProfileViolations } from '../json-schema/eosc-service-profile.js';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld } from '../test/services-fixtures.js';

let test: TestApp;
const ids: Record<string, string> = {};

const get = (url: string) => test.app.inject({ method: 'GET', url });

beforeAll(async () => {
  test = await createTestApp();
  const world = await seedServiceWorld(test, await seedPrincipals(test));
  const db = test.database.db;
  const owner = world.people.alice!.id;
  const provider = world.institutions.HPCN;
  const create = async (
    name: string,
    state: Parameters<typeof createServiceInState>[1]['state'],
    withProvider = true,
  ) =>
    (ids[name] = (
      await createServiceInState(db, {
        state,
        name,
        objectOwnerId: owner,
        providerInstitutionId: withProvider ? provider : null,
      })
    ).serviceId);
  await create('Jupyter North', 'service_online');
  await create('Archive North', 'service_retired');
  await create('Batch North', 'service_full_capacity_reached');
  // No provider: its record lacks the profile's resourceOrganisation, so it is never exported.
  await create('Orphan', 'service_online', false);
  await create('Almost there', 'integration_completed');
});
afterAll(() => test.close());

describe('GET /api/public/services/{id}/eosc', () => {
  it('answers anyone with the public service in the EOSC profile, valid against the profile’s JSON Schema', async () => {
    const response = await get(`/api/public/services/${ids['Jupyter North']}/eosc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const record = response.json<EoscService>();
    expect(record).toMatchObject({
      id: ids['Jupyter North'],
      name: 'Jupyter North',
      resourceOrganisation: 'HPC Centre North',
      tagline: 'shortDescription of the service',
    });
    expect(record.webpage).toMatch(/^https?:\/\//);
    expect(Object.keys(record)).not.toContain('remarks');
    expect(eoscProfileViolations(record)).toEqual([]);
  });

  it('answers 404 for a service the public portfolio does not list, an unknown ID, and a record the schema refuses', async () => {
    for (const id of [ids['Almost there'], 'SVC-99999', ids.Orphan])
      expect((await get(`/api/public/services/${id}/eosc`)).statusCode).toBe(404);
  });
});

describe('GET /api/public/eosc/services', () => {
  it('pages through every exportable public service in service ID order', async () => {
    const first = await get('/api/public/eosc/services?limit=2');
    expect(first.statusCode).toBe(200);
    const one = first.json<{ items: EoscService[]; nextCursor: string | null }>();
    expect(one.items.map((item) => item.name)).toEqual(['Jupyter North', 'Archive North']);
    expect(one.nextCursor).toBe(ids['Archive North']);
    const rest = (await get(`/api/public/eosc/services?limit=2&cursor=${one.nextCursor}`)).json<{
      items: EoscService[];
      nextCursor: string | null;
    }>();
    // The orphan's record breaks the schema: the page goes on without it.
    expect(rest.items.map((item) => item.name)).toEqual(['Batch North']);
    expect(rest.nextCursor).toBeNull();
    for (const item of [...one.items, ...rest.items]) expect(eoscProfileViolations(item)).toEqual([]);
  });

  it('refuses a bad page size or cursor and an unknown parameter with 400', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=ten', 'cursor=abc', 'cursor=SVC-1', 'page=2']) {
      const response = await get(`/api/public/eosc/services?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('invalid_input');
    }
  });
});

describe('the stable address /services/{id}', () => {
  it('redirects (302) to the public page of a public service', async () => {
    const response = await get(`/services/${ids['Archive North']}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/sc/public-service-portfolio/${ids['Archive North']}`);
  });

  it('is not found for a service that is not public, an unknown ID and no ID at all', async () => {
    for (const id of [ids['Almost there'], 'SVC-99999', 'not-an-id'])
      expect((await get(`/services/${id}`)).statusCode).toBe(404);
  });
});

describe('the EOSC profile’s JSON Schema', () => {
  it('refuses a record without a mandatory element, with an unknown one or with a malformed address', () => {
    const valid = {
      id: 'SVC-00001',
      name: 'A',
      resourceOrganisation: 'B',
      webpage: 'https://a.example',
      description: 'C',
      tagline: 'D',
    };
    expect(eoscProfileViolations(valid)).toEqual([]);
    expect(eoscProfileViolations({ ...valid, resourceOrganisation: '' })).not.toEqual([]);
    expect(eoscProfileViolations({ ...valid, colour: 'blue' })).not.toEqual([]);
    expect(eoscProfileViolations({ ...valid, helpdeskEmail: 'not a mail' })).not.toEqual([]);
  });
});
