import { SignJWT, UnsecuredJWT } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { AdminCheck, ensureAdmin } from '../commands/ensure-admin.js';
import type { Config } from '../config/config.js';
import type { Database } from '../db/client.js';
import { auditEvents, users } from '../db/schema.js';
import {
  bearer,
  createTestApp,
  fromPortalPages,
  openTestDatabase,
  seedPrincipals,
  TEST_ADMIN,
  testConfig,
  type TestApp,
  type TestPrincipal,
} from '../test/harness.js';
import { writesFor } from '../writes/after-commit.js';

const login = (test: TestApp, body: unknown, remoteAddress = '10.0.0.1') =>
  test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body as object,
    remoteAddress,
    headers: fromPortalPages,
  });

describe('direct login, tokens and renewal', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const byName = (name: string) => principals.find((p) => p.username === name)!;

  beforeAll(async () => {
    test = await createTestApp();
    principals = await seedPrincipals(test);
  });
  afterAll(() => test.close());

  it('logs the admin in with a signed token carrying sub, exp (240 min) and fullname, and audits it', async () => {
    const response = await login(test, { login: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const claims = await test.tokens.verify(token);
    const [admin] = await test.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    expect(claims?.sub).toBe(admin!.id);
    expect(claims?.fullname).toBe('Portal Administrator');
    const lifetime = claims!.exp - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(239 * 60);
    expect(lifetime).toBeLessThanOrEqual(240 * 60);
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, admin!.id), eq(auditEvents.action, 'login.password')));
    expect(events).toHaveLength(1);
  });

  it('keeps the language the admin signs in with, for their mails', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: TEST_ADMIN.username, password: TEST_ADMIN.password },
      headers: { ...fromPortalPages, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode).toBe(200);
    const [admin] = await test.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    expect(admin!.loginLanguage).toBe('de');
  });

  it('answers every failure with the same bare 401', async () => {
    const wrong = await login(test, { login: TEST_ADMIN.username, password: 'wrong' }, '10.0.1.1');
    const unknown = await login(test, { login: 'nobody', password: 'whatever' }, '10.0.1.2');
    // alice exists but is not an admin: direct login is for admins only.
    const nonAdmin = await login(test, { login: 'alice', password: 'alice' }, '10.0.1.3');
    for (const response of [wrong, unknown, nonAdmin]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized', message: 'Login failed.' });
    }
  });

  it('validates the body with field messages in the caller language', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: '' },
      headers: { ...fromPortalPages, 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_input',
      message: 'Einige Felder sind ungültig.',
      fields: { login: 'Dieses Feld darf nicht leer sein', password: 'Dieses Feld darf nicht leer sein' },
    });
  });

  it('refuses broken JSON and foreign content types without a stack trace', async () => {
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"login":',
      headers: { ...fromPortalPages, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid_input');
    expect(broken.body).not.toMatch(/at .*\.js/);
    const xml = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<login/>',
      headers: { ...fromPortalPages, 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('unsupported_media_type');
  });

  it('throttles an address+account after repeated failures with 429 and Retry-After; other addresses still try', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(test, { login: 'carla', password: 'guess' }, '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login(test, { login: 'carla', password: 'guess' }, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toBe('too_many_requests');
    expect((await login(test, { login: 'carla', password: 'guess' }, '10.1.0.99')).statusCode).toBe(401);
  });

  it('throttles an IP after repeated failures across accounts', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(test, { login: `user${i}`, password: 'x' }, '10.2.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(test, { login: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login(test, { login: TEST_ADMIN.username, password: TEST_ADMIN.password }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('renews a valid token and refuses tampered, expired and unsigned ones', async () => {
    const alice = byName('alice');
    const renewed = await test.app.inject({ method: 'POST', url: '/api/login-renew', headers: bearer(alice.token) });
    expect(renewed.statusCode).toBe(200);
    expect((await test.tokens.verify(renewed.json().token))?.sub).toBe(alice.id);

    const [header, payload, signature] = alice.token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = byName('paula').id;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const unsigned = new UnsecuredJWT({ fullname: 'x' })
      .setSubject(alice.id)
      .setIssuer('nubes')
      .setExpirationTime('1h')
      .encode();
    const expired = await new SignJWT({ fullname: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setIssuer('nubes')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 5 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(test.config.jwtSecret));
    const otherKey = await new SignJWT({ fullname: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setIssuer('nubes')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [tampered, unsigned, expired, otherKey, 'garbage']) {
      const response = await test.app.inject({ method: 'POST', url: '/api/login-renew', headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
    }
    expect((await test.app.inject({ method: 'POST', url: '/api/login-renew' })).statusCode).toBe(401);
  });

  it('accepts the auth cookie for a GET, and for a write only from the portal’s own pages', async () => {
    const alice = byName('alice');
    const get = await test.app.inject({ method: 'GET', url: '/api/users/alice', cookies: { auth: alice.token } });
    expect(get.statusCode).toBe(200);
    const bare = await test.app.inject({ method: 'POST', url: '/api/login-renew', cookies: { auth: alice.token } });
    expect(bare.statusCode).toBe(403);
    const own = await test.app.inject({
      method: 'POST',
      url: '/api/login-renew',
      cookies: { auth: alice.token },
      headers: fromPortalPages,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('GET /api/users/{username}', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => bearer(principals.find((p) => p.username === name)!.token);

  beforeAll(async () => {
    test = await createTestApp();
    principals = await seedPrincipals(test);
  });
  afterAll(() => test.close());

  it('shows the own account', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/users/alice', headers: as('alice') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: 'alice',
      fullname: 'Alice Adler',
      email: 'alice@hpc-north.example',
      roles: ['serviceProvider'],
    });
  });

  it('hides other accounts from ordinary users as if they did not exist', async () => {
    const other = await test.app.inject({ method: 'GET', url: '/api/users/paula', headers: as('alice') });
    const missing = await test.app.inject({ method: 'GET', url: '/api/users/ghost', headers: as('alice') });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('shows any account to portal managers, contact managers and the service desk', async () => {
    for (const reader of ['admin', 'carla', 'desk']) {
      const response = await test.app.inject({ method: 'GET', url: '/api/users/alice', headers: as(reader) });
      expect(response.statusCode, reader).toBe(200);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/users/ghost', headers: as('carla') })).statusCode).toBe(
      404,
    );
  });

  it('needs a session', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/users/alice' })).statusCode).toBe(401);
  });
});

/** An app as main.ts builds it, whose admin check, once started, goes on only at `release()`. */
const appWithAdminCheckHeld = async (database: Database, config: Config) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let runs = 0;
  const adminCheck = new AdminCheck(() => {
    runs += 1;
    return released.then(() => ensureAdmin(writesFor(database), config.admin));
  });
  return { app: await buildApp(config, database, { adminCheck }), adminCheck, release, runs: () => runs };
};

describe('a direct login while the start still sets up the admin', () => {
  it('waits for the configured password, so the one of an earlier start no longer works', async () => {
    const database = await openTestDatabase();
    // An earlier start's admin, with its password; this start is configured with another one.
    await ensureAdmin(writesFor(database), testConfig().admin);
    const config = testConfig({ ADMIN_PASSWORD: 'the password configured for this start' });
    const { app, release } = await appWithAdminCheckHeld(database, config);
    try {
      await app.ready();
      const attempt = (password: string, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { login: TEST_ADMIN.username, password },
          remoteAddress,
          headers: fromPortalPages,
        });
      // Both sent before the admin's check has begun.
      const configured = attempt(config.admin.password, '10.9.0.1');
      const earlier = attempt(TEST_ADMIN.password, '10.9.0.2');
      release();
      expect((await configured).statusCode).toBe(200);
      expect((await earlier).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('lets a shutdown wait for the check, so its write is not cut off by the database closing', async () => {
    const database = await openTestDatabase();
    const { app, adminCheck, release } = await appWithAdminCheckHeld(database, testConfig());
    try {
      await app.ready();
      // As main.ts does once the portal listens.
      void adminCheck.done();
      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      release();
      await closing;
      const [admin] = await database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
      expect(admin?.roles).toContain('portalManager');
    } finally {
      await database.drop();
    }
  });

  it('closes at once when the check has not started, and does not start it', async () => {
    const database = await openTestDatabase();
    const { app, runs } = await appWithAdminCheckHeld(database, testConfig());
    try {
      await app.ready();
      await app.close();
      expect(runs()).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('runs the check once for the start and every login that waits for it', async () => {
    const database = await openTestDatabase();
    const config = testConfig();
    const { app, adminCheck, release, runs } = await appWithAdminCheckHeld(database, config);
    try {
      await app.ready();
      const logins = ['10.9.1.1', '10.9.1.2'].map((remoteAddress) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { login: TEST_ADMIN.username, password: config.admin.password },
          remoteAddress,
          headers: fromPortalPages,
        }),
      );
      const started = adminCheck.done();
      release();
      await started;
      expect((await Promise.all(logins)).map((response) => response.statusCode)).toEqual([200, 200]);
      expect(runs()).toBe(1);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
