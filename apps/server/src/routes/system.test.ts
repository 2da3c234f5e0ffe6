import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fromPortalPages, type TestApp } from '../test/harness.js';

describe('system routes, headers and errors', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('reports the database in GET /api/health', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends a locked-down policy on JSON answers and a CSP without inline script on documents', async () => {
    const api = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');

    const page = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('turns off the browser features the portal never uses on every answer: API, documents, refusals and not found', async () => {
    const answers = await Promise.all(
      ['/api/health', '/api/docs/', '/api/services', '/api/no-such-route', '/no-such-page'].map((url) =>
        test.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 404]);
    for (const answer of answers) {
      const policy = String(answer.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy).toContain(`${feature}=()`);
    }
  });

  it('describes the API in OpenAPI 3 built from the zod schemas, with browsable docs', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/api/login', '/api/login-oauth', '/api/login-renew', '/api/users/{username}', '/api/health']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const loginBody = document.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.$ref).toBe('#/components/schemas/LoginRequestInput');
    expect(Object.keys(document.components.schemas.LoginRequestInput.properties)).toEqual(['login', 'password']);
    expect(document.components.schemas.ApiError.properties.error.enum).toContain('forbidden');
    const docs = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    const bare = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/api/docs/');
    const asset = await test.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(asset.headers['content-type']).toContain('text/css');
  });

  it("shows the portal's logo in the API docs' top bar, linking home, or the product's name without one", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const logoOf = async (webDist: string) => {
      const app = await createTestApp({ env: { WEB_DIST: webDist } });
      try {
        const script = (await app.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).body;
        expect(script).toContain("img.href = '/'");
        const base64 = /img\.src = 'data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)'/.exec(script)?.[1];
        return Buffer.from(base64 ?? '', 'base64').toString();
      } finally {
        await app.close();
      }
    };
    const dist = mkdtempSync(path.join(tmpdir(), 'nubes-docs-logo-'));
    try {
      mkdirSync(path.join(dist, 'static'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(
        path.join(dist, 'static', 'logo.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" id="portal-logo"/>',
      );
      expect(await logoOf(dist)).toContain('id="portal-logo"');
      rmSync(path.join(dist, 'static', 'logo.svg'));
      expect(await logoOf(dist)).toMatch(/<text[^>]*>Nubes<\/text>/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('serves branding and link configuration', async () => {
    const config = (await test.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.productName).toBe('Nubes');
    expect(config.logoDarkUrl).toBe('/static/logo-dark.svg');
    expect(config.links.helpdesk).toBeTruthy();
    expect(config.devIdp).toBe(true);
  });

  it('answers unknown API paths with the error shape, in German on request', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Nicht gefunden.' });
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ login: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
      headers: { ...fromPortalPages, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });
});

describe('health without a database', () => {
  it('answers 503 degraded when the database does not answer', async () => {
    const test = await createTestApp();
    let ended = false;
    try {
      await test.database.close();
      ended = true;
      const response = await test.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'degraded', database: 'unavailable' });
    } finally {
      await test.app.close();
      if (!ended) await test.database.close();
    }
  });
});
