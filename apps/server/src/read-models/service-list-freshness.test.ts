import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { bearer, createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';

/**
 * Two instances on one PostgreSQL database, each with its own connection pool and caches, as two
 * processes would have. Other processes can only write through PostgreSQL, so PGlite has no such case.
 */
describe.runIf(process.env.NUBES_TEST_DB === 'postgres')('two instances on one PostgreSQL database', () => {
  let databaseName: string;
  let databases: Database[];
  let one: TestApp;
  let two: TestApp;
  let world: ServiceWorld;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${inject('postgresUrl')}/postgres` });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    databaseName = `test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${databaseName} TEMPLATE nubes_template`);
    const url = `${inject('postgresUrl')}/${databaseName}`;
    databases = [
      await openDatabase({ databaseUrl: url, dataDir: '' }),
      await openDatabase({ databaseUrl: url, dataDir: '' }),
    ];
    one = await createTestApp({ database: databases[0] });
    two = await createTestApp({ database: databases[1] });
    world = await seedServiceWorld(one, await seedPrincipals(one));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const database of databases ?? []) await database.close();
    await admin(`DROP DATABASE IF EXISTS ${databaseName}`);
  });

  const names = async (app: TestApp, path: string) => {
    const response = await app.app.inject({ method: 'GET', url: path, headers: bearer(world.people.paula!.token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: { name: string }[] }>().items.map((item) => item.name);
  };
  const publicNames = async (app: TestApp) => {
    const response = await app.app.inject({ method: 'GET', url: '/api/public/services' });
    expect(response.statusCode).toBe(200);
    return JSON.stringify(response.json());
  };

  it('the first request after a quiet spell shows a change made through the other instance', async () => {
    const service = await createServiceInState(one.database.db, {
      state: 'service_online',
      name: 'Freshness Before',
      objectOwnerId: world.people.alice!.id,
      providerInstitutionId: world.institutions.HPCN,
    });
    // Both instances have read the lists once, so each holds a snapshot.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await names(two, '/api/services?tab=catalogue&q=freshness')).toEqual(['Freshness Before']);
    expect(await publicNames(two)).toContain('Freshness Before');

    const renamed = await one.app.inject({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      payload: { name: 'Freshness After', version: service.version },
      headers: bearer(world.people.paula!.token),
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names(one, '/api/services?tab=catalogue&q=freshness')).toEqual(['Freshness After']);

    // Longer than the instances' look-again interval (one second), with no request meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await names(two, '/api/services?tab=catalogue&q=freshness')).toEqual(['Freshness After']);
    expect(await publicNames(two)).toContain('Freshness After');
  });
});
