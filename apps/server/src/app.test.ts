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
    mkdirSync(path.join(dist, 'static'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nubes</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    for (const name of ['app-1235.js', 'app-1236.js', 'app-1237.js'])
      writeFileSync(path.join(dist, 'assets', name), '1');
    writeFileSync(path.join(dist, 'static', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'static', '.build-stamp'), 'stamp-secret');
    const test = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/', '/sc/service/42', '/no/such/page', '/index.html']) {
        const page = await test.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<div id="root">');
        expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      }
      const asset = await test.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const head = await test.app.inject({ method: 'HEAD', url: '/assets/app-1234.js' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      const logo = await test.app.inject({ method: 'GET', url: '/static/logo.svg' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.headers['cache-control']).toBe('no-cache');
      // An asset of an earlier build is a 404, not the app shell a browser would run as a script.
      const gone = await test.app.inject({ method: 'GET', url: '/assets/app-0000.js' });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-type']).toContain('application/json');
      // Dotfiles (build stamps, Vite's manifest) and paths outside the folder are never sent.
      for (const url of [
        '/static/.build-stamp',
        '/assets/../static/.build-stamp',
        '/assets/..%2f..%2f..%2fetc%2fpasswd',
      ]) {
        const refused = await test.app.inject({ method: 'GET', url });
        expect(refused.body, url).not.toContain('stamp-secret');
        expect(refused.body, url).not.toContain('root:');
        expect(refused.statusCode, url).toBeLessThan(500);
      }
      // One route per folder and per top-level file, not one per file (docs/adr/0059-web-files-by-folder.md);
      // beside them the crawlers' two files, which the server writes (docs/adr/0086-public-pages-audit.md).
      // The development routes (the IdP, and the clock beside it: docs/adr/0124-announced-downtimes.md) are not the web app's.
      const webRoutes = test.app.routeRegistry.filter(
        (route) => !route.url.startsWith('/api') && !route.url.startsWith('/dev-'),
      );
      expect(webRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
        'GET /assets/*',
        'GET /index.html',
        'GET /robots.txt',
        'GET /services/:serviceId',
        'GET /sitemap.xml',
        'GET /static/*',
        'HEAD /assets/*',
        'HEAD /index.html',
        'HEAD /robots.txt',
        'HEAD /services/:serviceId',
        'HEAD /sitemap.xml',
        'HEAD /static/*',
      ]);
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
