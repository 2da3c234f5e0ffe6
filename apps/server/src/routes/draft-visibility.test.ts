import type { ServiceDetail } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

const get = (username: string, url: string) =>
  env.test.app.inject({ method: 'GET', url, headers: bearer(env.world.people[username]!.token) });

const listedIds = async (username: string, tab: string) => {
  const response = await get(username, `/api/services?tab=${tab}&pageSize=100`);
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
};

describe('an application draft and its provider manager (ADR 0008)', () => {
  it('is hidden from the provider manager (404, not listed) until the application is handed in', async () => {
    // bob (serviceProvider, may list) and carla (contactManager, no reader role) are provider managers only.
    const bobs = await createServiceInState(env.test.database.db, {
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
      providerManagerId: env.world.people.bob!.id,
    });
    const carlas = await createServiceInState(env.test.database.db, {
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
      providerManagerId: env.world.people.carla!.id,
    });

    expect((await get('bob', `/api/services/${bobs.id}`)).statusCode).toBe(404);
    expect((await get('carla', `/api/services/${carlas.id}`)).statusCode).toBe(404);
    expect(await listedIds('bob', 'application')).not.toContain(bobs.id);
    // Those who may see a draft still do.
    for (const username of ['alice', 'paula', 'admin'])
      expect((await get(username, `/api/services/${bobs.id}`)).statusCode, username).toBe(200);
    expect(await listedIds('paula', 'application')).toContain(bobs.id);

    for (const service of [bobs, carlas]) {
      const handedIn = await env.test.app.inject({
        method: 'POST',
        url: `/api/services/${service.id}/transitions`,
        payload: { action: 'completeApplication', version: service.version },
        headers: env.as('alice'),
      });
      expect(handedIn.statusCode).toBe(200);
      expect(handedIn.json<ServiceDetail>().state).toBe('application_received');
    }

    expect((await get('bob', `/api/services/${bobs.id}`)).statusCode).toBe(200);
    expect((await get('carla', `/api/services/${carlas.id}`)).statusCode).toBe(200);
    expect(await listedIds('bob', 'application')).toContain(bobs.id);
  });
});
