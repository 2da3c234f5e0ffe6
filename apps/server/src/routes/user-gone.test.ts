import type { CreatedApiToken, UserAccount } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SsoBrowser } from '../../../../scripts/lib/sso-browser.mjs';
import { apiTokens, auditEvents, sessions, users } from '../db/schema.js';
import {
  bearer,
  createTestApp,
  seedPrincipals,
  sessionToken,
  type TestApp,
  type TestPrincipal,
} from '../test/harness.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

let test: TestApp;
let principals: TestPrincipal[];
const as = (name: string) => principals.find((p) => p.username === name)!;

beforeAll(async () => {
  // Listening: the claims are read in a real single sign-on at the dev IdP.
  test = await createTestApp({ listen: true });
  principals = await seedPrincipals(test);
});
afterAll(() => test.close());

const post = (user: string | null, url: string, payload: object, language = 'en') =>
  test.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { ...(user ? bearer(as(user).token) : {}), 'accept-language': language },
  });
const account = async (id: string) =>
  (
    await test.app.inject({ method: 'GET', url: `/api/user-accounts/${id}`, headers: bearer(as('admin').token) })
  ).json<UserAccount>();
const createToken = async (token: string) => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/me/api-tokens',
    payload: { name: 'sync', expiresInDays: 30, scopes: ['services:read'] },
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
};
/** A request a live token of the person may make: 404 for a missing service, 401 once the token is revoked. */
const useToken = (token: string) =>
  test.app.inject({ method: 'GET', url: `/api/services/${MISSING}/change-requests`, headers: bearer(token) });

/** Single sign-on at the dev IdP as `username`, answering the portal's answer to the finishing call. */
const ssoAnswer = async (username: string) => {
  const started = await fetch(
    new URL(`/api/login-oauth?provider=oidc&publicUrl=${encodeURIComponent(test.baseUrl)}`, test.baseUrl),
  );
  const { session, next_url: nextUrl } = (await started.json()) as { session: string; next_url: string };
  const returned = await new SsoBrowser(test.baseUrl).signIn(nextUrl, username, username);
  const finished = await fetch(new URL('/api/login-oauth', test.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nubes', 'accept-language': 'de' },
    body: JSON.stringify({
      provider: 'oidc',
      qs: { code: returned.searchParams.get('code'), state: returned.searchParams.get('state') },
      session,
      publicUrl: test.baseUrl,
    }),
  });
  return { status: finished.status, body: (await finished.json()) as { token?: string; message?: string } };
};

describe('marking a person gone', () => {
  it('401 without a session, 403 for anyone but the portal manager, 404 for nobody', async () => {
    const bob = as('bob');
    expect((await post(null, `/user-accounts/${bob.id}/gone`, { reason: 'left', version: 1 })).statusCode).toBe(401);
    for (const user of ['paula', 'carla', 'bob'])
      expect((await post(user, `/user-accounts/${bob.id}/gone`, { reason: 'left', version: 1 })).statusCode).toBe(403);
    expect((await post('admin', `/user-accounts/${MISSING}/gone`, { reason: 'left', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await post(null, `/user-accounts/${bob.id}/back`, { version: 1 })).statusCode).toBe(401);
    expect((await post('paula', `/user-accounts/${bob.id}/back`, { version: 1 })).statusCode).toBe(403);
  });

  it('400 without a reason, for oneself and for the direct-login admin, in the caller’s language; nothing changes', async () => {
    const bob = await account(as('bob').id);
    const blank = await post('admin', `/user-accounts/${bob.id}/gone`, { reason: '  ', version: bob.version }, 'de');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.reason).toBe('Bitte geben Sie einen Grund an');
    expect((await post('admin', `/user-accounts/${bob.id}/gone`, { version: bob.version })).statusCode).toBe(400);
    const self = await post('admin', `/user-accounts/${as('admin').id}/gone`, { reason: 'x', version: 1 });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot mark yourself as gone.');
    expect((await account(bob.id)).gone).toBeNull();
  });

  it('409 at a stale version; the person stays', async () => {
    const bob = await account(as('bob').id);
    const stale = await post('admin', `/user-accounts/${bob.id}/gone`, { reason: 'left', version: bob.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect((await account(bob.id)).gone).toBeNull();
  });

  it('ends every session and revokes every API token at once, with the events; a second mark is 409; back again', async () => {
    const victor = as('victor');
    const second = await sessionToken(test, { id: victor.id, fullname: 'Victor Vogel', username: 'victor' });
    const token = await createToken(victor.token);
    expect((await useToken(token.token)).statusCode).toBe(404);
    const before = await account(victor.id);
    expect(before).toMatchObject({ gone: null, canMarkGone: true });

    const marked = await post('admin', `/user-accounts/${victor.id}/gone`, {
      reason: 'Left the centre on 30 November',
      version: before.version,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<UserAccount>()).toMatchObject({
      version: before.version + 1,
      goneAt: expect.any(String),
      gone: { source: 'manager', reason: 'Left the centre on 30 November', byName: expect.any(String) },
    });
    for (const ended of [victor.token, second])
      expect(
        (await test.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: bearer(ended) })).statusCode,
      ).toBe(401);
    const used = await useToken(token.token);
    expect(used.statusCode).toBe(401);
    const live = await test.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, victor.id), eq(sessions.endReason, 'gone')));
    expect(live).toHaveLength(2);
    const [row] = await test.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.revokedAt).not.toBeNull();
    const events = await test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, token.id));
    expect(events.map((e) => [e.action, (e.after as { reason: string }).reason])).toContainEqual([
      'apiToken.revoked',
      'gone',
    ]);
    const [gone] = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, victor.id), eq(auditEvents.action, 'user.gone')));
    expect(gone!.after).toEqual({ source: 'manager', reason: 'Left the centre on 30 November', sessionsEnded: 2 });

    const again = await post('admin', `/user-accounts/${victor.id}/gone`, { reason: 'x', version: before.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This person is marked as gone already.');

    expect((await post('admin', `/user-accounts/${victor.id}/back`, { version: before.version })).statusCode).toBe(409);
    const back = await post('admin', `/user-accounts/${victor.id}/back`, { version: before.version + 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<UserAccount>()).toMatchObject({ gone: null, goneAt: null });
    const notGone = await post('admin', `/user-accounts/${victor.id}/back`, { version: before.version + 2 });
    expect(notGone.statusCode).toBe(409);
    expect(notGone.json().message).toBe('This person is not marked as gone.');
  });
});

describe('a login of a gone person, through the dev IdP', () => {
  it('is refused with a clear message and starts no session', async () => {
    // The person the dev IdP's login is, as a first login would have made her.
    await test.database.db
      .update(users)
      .set({ issuer: test.config.oidc.issuer, internalId: 'carla' })
      .where(eq(users.id, as('carla').id));
    const carla = await account(as('carla').id);
    expect(
      (await post('admin', `/user-accounts/${carla.id}/gone`, { reason: 'left', version: carla.version })).statusCode,
    ).toBe(200);
    const before = await test.database.db.select().from(sessions).where(eq(sessions.userId, carla.id));
    const answer = await ssoAnswer('carla');
    expect(answer.status).toBe(403);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body.message).toMatch(/als ausgeschieden markiert/);
    expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, carla.id))).toHaveLength(
      before.length,
    );
  });

  it('marks the person gone when the claims say the account expired: sessions end, tokens are revoked, the login is refused', async () => {
    const [greta] = await test.database.db
      .insert(users)
      .values({
        username: 'greta',
        fullname: 'Greta Lindqvist',
        email: 'greta@university-west.example',
        issuer: test.config.oidc.issuer,
        internalId: 'greta',
      })
      .returning();
    const session = await sessionToken(test, greta!);
    const token = await createToken(session);

    const answer = await ssoAnswer('greta');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/als ausgeschieden markiert/);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, greta!.id));
    expect(row).toMatchObject({ goneSource: 'claims', goneReason: 'voperson_status: expired', goneById: null });
    expect((await useToken(token.token)).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: bearer(session) })).statusCode,
    ).toBe(401);
    const [event] = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, greta!.id), eq(auditEvents.action, 'user.gone')));
    expect(event!.after).toEqual({ source: 'claims', reason: 'voperson_status: expired', sessionsEnded: 1 });
  });

  it('creates nobody from claims that say the account is no longer valid', async () => {
    await test.database.db.delete(users).where(eq(users.username, 'greta'));
    expect((await ssoAnswer('greta')).status).toBe(403);
    expect(await test.database.db.select().from(users).where(eq(users.username, 'greta'))).toHaveLength(0);
  });

  it('lets a person whose claims say nothing of a status in, as before', async () => {
    const answer = await ssoAnswer('rita');
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
  });
});
