import { AUTH_COOKIE } from '@nubes/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../db/schema.js';
import {
  bearer,
  createTestApp,
  fromPortalPages,
  seedPrincipals,
  sessionToken,
  TEST_ADMIN,
  type TestApp,
  type TestPrincipal,
} from '../test/harness.js';

const PUBLIC_URL = 'https://portal.example';

/** The auth cookie a response sets, with its attributes as written. */
const setCookieOf = (response: LightMyRequestResponse): string => {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((value) => value.startsWith(`${AUTH_COOKIE}=`));
  expect(cookie, 'an auth cookie is set').toBeDefined();
  return cookie!;
};
const tokenOfCookie = (cookie: string) => decodeURIComponent(cookie.split(';')[0]!.slice(AUTH_COOKIE.length + 1));
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

const adminLogin = (test: TestApp, headers: Record<string, string> = fromPortalPages, remoteAddress = '10.5.0.1') =>
  test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { login: TEST_ADMIN.username, password: TEST_ADMIN.password },
    headers,
    remoteAddress,
  });

describe('sessions the server keeps and ends', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => principals.find((p) => p.username === name)!;
  const get = (url: string, headers: Record<string, string>) => test.app.inject({ method: 'GET', url, headers });
  const cookieOf = (token: string) => ({ cookie: `${AUTH_COOKIE}=${token}` });
  const sidOf = async (token: string) => (await test.tokens.verify(token))!.sid;
  const sessionRow = async (id: string) =>
    (await test.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
  const liveSessionsOf = (userId: string) =>
    test.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));

  beforeAll(async () => {
    test = await createTestApp({ env: { PUBLIC_URL } });
    principals = await seedPrincipals(test);
  });
  afterAll(() => test.close());

  it('sets the auth cookie at login: HttpOnly, SameSite=Lax, path /, Secure behind an https public address', async () => {
    const response = await adminLogin(test);
    expect(response.statusCode).toBe(200);
    const cookie = setCookieOf(response);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
    expect(tokenOfCookie(cookie)).toBe(response.json<{ token: string }>().token);
    // The cookie alone is a credential.
    expect((await get('/api/session', cookieOf(tokenOfCookie(cookie)))).statusCode).toBe(200);
  });

  it('logout ends the session on the server: the same token and the same cookie then get 401', async () => {
    const login = await adminLogin(test);
    const token = login.json<{ token: string }>().token;
    expect((await get('/api/session', bearer(token))).statusCode).toBe(200);
    expect((await get('/api/session', cookieOf(token))).statusCode).toBe(200);

    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...cookieOf(token), ...fromPortalPages, origin: PUBLIC_URL },
    });
    expect(logout.statusCode).toBe(204);
    expect(attributes(setCookieOf(logout))).toEqual(expect.arrayContaining(['httponly', 'path=/']));
    expect(tokenOfCookie(setCookieOf(logout))).toBe('');

    for (const credential of [bearer(token), cookieOf(token)]) {
      const after = await get('/api/session', credential);
      expect(after.statusCode).toBe(401);
      expect(after.json().error).toBe('unauthorized');
      expect((await get('/api/services', credential)).statusCode).toBe(401);
    }
    const [admin] = await test.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    const ended = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.ended'), eq(auditEvents.actorId, admin!.id)));
    expect(ended.length).toBeGreaterThanOrEqual(1);
  });

  it('logout with a bearer token ends that session too; a second logout changes nothing', async () => {
    const token = await sessionToken(test, { ...as('ivan'), fullname: 'Ivan' });
    const logout = () => test.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await logout()).statusCode).toBe(204);
    expect((await get('/api/services', bearer(token))).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(204);
  });

  it('refuses a cross-site write the cookie would authenticate (wrong Origin or no header), in the caller language, changing nothing', async () => {
    const token = await sessionToken(test, { ...as('alice'), fullname: 'Alice' });
    const session = { id: await sidOf(token) };
    const liveBefore = (await liveSessionsOf(as('alice').id)).length;
    const attempts = [
      { ...cookieOf(token), ...fromPortalPages, origin: 'https://evil.example' },
      { ...cookieOf(token), ...fromPortalPages, origin: 'null' },
      { ...cookieOf(token), ...fromPortalPages, referer: 'https://evil.example/page' },
      { ...cookieOf(token), origin: PUBLIC_URL },
      { ...cookieOf(token) },
    ];
    for (const headers of attempts) {
      const response = await test.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${session!.id}`,
        headers: { ...headers, 'accept-language': 'de' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        error: 'forbidden',
        message:
          'Diese Anfrage kam nicht von den Seiten des Portals und wurde abgelehnt. Laden Sie die Seite neu und versuchen Sie es erneut.',
      });
    }
    expect(await liveSessionsOf(as('alice').id)).toHaveLength(liveBefore);
    expect((await sessionRow(session.id)).endedAt).toBeNull();
    expect((await get('/api/session', cookieOf(token))).statusCode).toBe(200);

    // From the portal's own pages the cookie writes.
    const own = await test.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${session!.id}`,
      headers: { ...cookieOf(token), ...fromPortalPages, origin: PUBLIC_URL },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ended: 1 });
    expect((await get('/api/session', cookieOf(token))).statusCode).toBe(401);
  });

  it('refuses a login from another site or without the header, and starts no session', async () => {
    const [admin] = await test.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    const before = (await liveSessionsOf(admin!.id)).length;
    for (const headers of [{ ...fromPortalPages, origin: 'https://evil.example' }, { origin: PUBLIC_URL }, {}]) {
      const response = await adminLogin(test, headers, '10.5.1.1');
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error).toBe('forbidden');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await liveSessionsOf(admin!.id)).length).toBe(before);
    // A script without Origin passes on the header; a bearer write needs none.
    expect((await adminLogin(test, fromPortalPages, '10.5.1.2')).statusCode).toBe(200);
  });

  it('renews the session on the server and sets the cookie again', async () => {
    const token = await sessionToken(test, { ...as('rita'), fullname: 'Rita' });
    const before = await sessionRow(await sidOf(token));
    const renewed = await test.app.inject({
      method: 'POST',
      url: '/api/login-renew',
      headers: { ...cookieOf(token), ...fromPortalPages, origin: PUBLIC_URL },
    });
    expect(renewed.statusCode).toBe(200);
    const after = await sessionRow(before.id);
    expect(after.expiresAt.getTime()).toBeGreaterThanOrEqual(before.expiresAt.getTime());
    expect(after.renewedAt.getTime()).toBeGreaterThanOrEqual(before.renewedAt.getTime());
    const cookie = setCookieOf(renewed);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
    expect((await test.tokens.verify(tokenOfCookie(cookie)))?.sid).toBe(before.id);
    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.renewed'), eq(auditEvents.objectId, before.id)));
    expect(events).toHaveLength(1);
  });

  it('lists the own live sessions with the current one marked, and ends another one', async () => {
    const first = await sessionToken(test, { ...as('victor'), fullname: 'Victor' });
    const second = await sessionToken(test, { ...as('victor'), fullname: 'Victor' });
    const list = await get('/api/sessions', bearer(first));
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: { id: string; current: boolean }[] }>().items;
    // With the session the test's seeding started.
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.current).map((item) => item.id)).toEqual([await sidOf(first)]);
    const secondId = await sidOf(second);
    const other = items.find((item) => item.id === secondId)!;

    const status = await get('/api/session', bearer(first));
    expect(status.json()).toMatchObject({ user: { username: 'victor' }, session: { current: true } });
    expect(status.json().session.id).not.toBe(other.id);

    const ended = await test.app.inject({ method: 'DELETE', url: `/api/sessions/${other.id}`, headers: bearer(first) });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await get('/api/services', bearer(second))).statusCode).toBe(401);
    expect((await get('/api/sessions', bearer(first))).json().items).toHaveLength(2);
  });

  it('answers 401, 404 and 400 on the own sessions as it should', async () => {
    const sven = await sessionToken(test, { ...as('sven'), fullname: 'Sven' });
    const svens = { id: await sidOf(sven) };
    const nora = await sessionToken(test, { ...as('nora'), fullname: 'Nora' });
    expect((await get('/api/sessions', {})).statusCode).toBe(401);
    expect((await get('/api/session', {})).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: 'DELETE', url: `/api/sessions/${svens!.id}`, headers: {} })).statusCode,
    ).toBe(401);
    // Another person's session is not found, and stays.
    const foreign = await test.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${svens!.id}`,
      headers: bearer(nora),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/services', bearer(sven))).statusCode).not.toBe(401);
    const bad = await test.app.inject({
      method: 'DELETE',
      url: '/api/sessions/not-a-uuid',
      headers: { ...bearer(nora), 'accept-language': 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
  });

  it('lets the portal manager end every session of a user: that user’s next request gets 401', async () => {
    const carla = as('carla');
    const tokens = [
      carla.token,
      await sessionToken(test, { ...carla, fullname: 'Carla' }),
      await sessionToken(test, { ...carla, fullname: 'Carla' }),
    ];
    for (const token of tokens) expect((await get('/api/contacts', bearer(token))).statusCode).toBe(200);

    const end = (headers: Record<string, string>, id = carla.id) =>
      test.app.inject({ method: 'DELETE', url: `/api/user-accounts/${id}/sessions`, headers });
    expect((await end({})).statusCode).toBe(401);
    // The contact manager reads user accounts but may not end sessions.
    expect((await end(bearer(as('desk').token))).statusCode).toBe(403);
    expect((await end({ ...bearer(as('admin').token), 'accept-language': 'de' }, 'nope')).statusCode).toBe(400);
    expect((await end(bearer(as('admin').token), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const response = await end(bearer(as('admin').token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 3 });
    for (const token of tokens) expect((await get('/api/contacts', bearer(token))).statusCode).toBe(401);
    expect((await end(bearer(as('admin').token))).json()).toEqual({ ended: 0 });

    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.sessions.ended'), eq(auditEvents.objectId, carla.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toEqual({ count: 3 });
    // A new login works as before.
    expect(
      (await get('/api/contacts', bearer(await sessionToken(test, { ...carla, fullname: 'Carla' })))).statusCode,
    ).toBe(200);
  });

  it('refuses a token whose session expired, and one of a session that never existed', async () => {
    const token = await sessionToken(test, { ...as('bob'), fullname: 'Bob' });
    expect((await get('/api/services', bearer(token))).statusCode).toBe(200);
    const forged = await test.tokens.issue(
      { ...as('bob'), fullname: 'Bob' },
      {
        id: '00000000-0000-4000-8000-000000000001',
        expiresAt: new Date(Date.now() + 3600_000),
      },
    );
    expect((await get('/api/services', bearer(forged))).statusCode).toBe(401);
  });
});

describe('the auth cookie behind a plain http public address', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
  });
  afterAll(() => test.close());

  it('is HttpOnly and SameSite=Lax but not Secure, or the browser would drop it', async () => {
    const response = await adminLogin(test);
    expect(response.statusCode).toBe(200);
    const parts = attributes(setCookieOf(response));
    expect(parts).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(parts).not.toContain('secure');
  });
});
