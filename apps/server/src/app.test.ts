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

describe('serving the web app', () => {
  it('serves index.html for client-side routes, assets with long caching, and JSON 404 under /api', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(tmpdir(), 'nubes-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nubes</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const test = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/', '/sc/service/42', '/no/such/page']) {
        const page = await test.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<div id="root">');
        expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      }
      const asset = await test.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await test.app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error).toBe('not_found');
      const post = await test.app.inject({ method: 'POST', url: '/sc/service/42', payload: {} });
      expect(post.statusCode).toBe(404);
    } finally {
      await test.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
