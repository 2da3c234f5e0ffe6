import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, testConfig } from './test/harness.js';
import { buildApp } from './app.js';
import type { Database } from './db/client.js';

describe('production app', () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('mounts no dev IdP when an external issuer is configured', async () => {
    const config = testConfig({ OIDC_ISSUER: 'https://aai.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' });
    const app = await buildApp(config, database);
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
    expect(app.routeRegistry.some((r) => r.url.startsWith('/dev-idp'))).toBe(false);
    await app.close();
  });
});

describe('development app', () => {
  it('serves the dev IdP discovery document under /dev-idp', async () => {
    const test = await createTestApp();
    try {
      const response = await test.app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
      expect(response.statusCode).toBe(200);
      expect(response.json().issuer).toBe(`${test.config.publicUrl}/dev-idp`);
    } finally {
      await test.close();
    }
  });
});
